/**
 * A booking's changes: each stored as a request of its own (kind "booking-changes") with the e-mails
 * it sends, once per change by its key, in the transaction that makes it. The visitor's page, the
 * desk, Stripe's webhook and the passes record every change here.
 */
import { business } from "../../../lib/content/business-data";
import type { Queryable } from "../../../lib/server/db/queryable";
import { findByKey, insertRequest } from "../../../lib/server/mail/outbox";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { createReference } from "../../../lib/server/mail/reference";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import type { Booking } from "./booking-queries";
import { deskLink } from "./booking-links";
import type { Reader } from "./schedule-emails";

export const BOOKING_CHANGES = "booking-changes";

/** Who reads a booking's e-mails, in order: the client, and the agent who booked or whom the client asked us to copy. */
export function bookingReaders(booking: Pick<Booking, "client" | "agent">): Array<{ to: string; reader: Reader }> {
  if (!booking.client) return [];
  const agent = booking.agent?.role ? [{ to: booking.agent.email, reader: booking.agent.role }] : [];
  return [{ to: booking.client.email, reader: "client" }, ...agent];
}

/** The mailboxes of bookingReaders: the invite's attendees. */
export const bookingMailboxes = (booking: Pick<Booking, "client" | "agent">) =>
  bookingReaders(booking).map(({ to }) => to);

/** Each visitor e-mail's name in the outbox, once per change: the client's, the agent's who booked, the copy. */
const CHANGE_MESSAGE: Record<Reader, string> = { client: "client", booked: "agent", copied: "agentCopy" };

/**
 * Stores the change with its e-mails: the visitors' (the client and agent; the client only with
 * `clientOnly`; none for a reader `visitorMail` makes none for), and the business's (MAIL_TO)
 * unless `toBusiness` is false, for what the office did itself.
 */
export async function recordChange(
  tx: Queryable,
  key: string,
  booking: Booking,
  text: string,
  now: Date,
  /** The visitors' e-mail, made for the mailboxes it goes to and for who reads it; null sends that reader none. */
  visitorMail: (attendees: readonly string[], reader: Reader) => Omit<MailMessage, "to"> | null,
  toBusiness = true,
  clientOnly = false,
): Promise<void> {
  if (await findByKey(tx, BOOKING_CHANGES, key)) return;
  const env = runtimeEnv();
  const outgoing = outgoingMail(env);
  const reference = createReference("BC", now);
  const readers = bookingReaders(booking).slice(0, clientOnly ? 1 : undefined);
  const attendees = readers.map(({ to }) => to);
  await insertRequest(
    tx,
    {
      kind: BOOKING_CHANGES,
      reference,
      receivedAt: now.toISOString(),
      record: { type: "booking-change", booking: booking.reference, change: text },
      answer: { status: 200, body: {} },
      idempotencyKey: key,
      fingerprint: null,
    },
    [
      ...(toBusiness
        ? [
            outgoing("business", {
              to: env.MAIL_TO ?? business.email,
              subject: `Booking ${booking.reference}: ${text}`,
              text: `${text}\n\n${booking.ownerEvent.summary}\n${booking.ownerEvent.location}\n${booking.ownerEvent.description}\n\nOpen it on the desk: ${deskLink(booking.reference, booking.start)}`,
            }),
          ]
        : []),
      ...readers.flatMap(({ to, reader }) => {
        const mail = visitorMail(attendees, reader);
        // Not "confirmation": these follow a click on a link of the booking's own, at most a few per
        // booking, so they do not count against the mailbox's daily confirmations.
        return mail ? [outgoing(CHANGE_MESSAGE[reader], { ...mail, to })] : [];
      }),
    ],
    now.toISOString(),
  );
}
