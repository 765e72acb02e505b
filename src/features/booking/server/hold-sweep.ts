/**
 * Every hold ends: a booking not confirmed by its `confirm_by` stops holding its time then (booking-queries.ts),
 * and one none of whose confirmations can be delivered is let go too. This sweep moves each on in one
 * transaction: expired, its undelivered confirmations given up, and the business told when none ever reached
 * the client or agent. It runs in the periodic pass (src/passes/periodic-pass.ts); docs/booking.md describes
 * the lock order and the claims it respects.
 */
import { business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { findBooking, setStatus, type BookingPerson } from "./booking-queries";
import { settleLapsedHandOvers } from "../../../lib/server/mail/deliveries";
import { insertDeliveries } from "../../../lib/server/mail/outbox";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { outgoingMail } from "../../../lib/server/mail/outgoing";

const CONFIRMATIONS = "('confirmation', 'agentConfirmation')";

/**
 * A hold that has ended, the sweep's to expire (`now` its placeholder): its `confirm_by` has passed, or
 * nobody could confirm it, since each of its confirmations was refused for good or given up.
 */
const HOLD_ENDED = (now: string) => `status = 'pending' AND (confirm_by <= ${now} OR (
    EXISTS (SELECT 1 FROM deliveries AS d WHERE d.reference = bookings.reference AND d.message IN ${CONFIRMATIONS})
    AND NOT EXISTS (SELECT 1 FROM deliveries AS d
      WHERE d.reference = bookings.reference AND d.message IN ${CONFIRMATIONS} AND d.state <> 'failed')))`;

/** The references of holds that have ended and are still pending, the earliest to lapse first. */
async function endedHolds(db: Queryable, now: string, limit = 50): Promise<string[]> {
  const rows = await db.query<{ reference: string }>(
    `SELECT reference FROM bookings WHERE ${HOLD_ENDED("$1")} ORDER BY confirm_by LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.reference);
}

/** What the business reads when a hold ended without the client ever hearing of it. */
function releasedUnheardMail(reference: string, start: string, client: Partial<BookingPerson>, to: string) {
  const said = (field: keyof BookingPerson) => client[field] || "(not given)";
  return {
    to,
    subject: `Booking ${reference} released: its confirmation never reached the client`,
    text: [
      `The booking ${reference} for ${bookedTimeText(start)} (Maryland time) was held for the client to confirm, but the e-mail with the link never reached them: the mail server kept refusing or delaying it until the hold ended.`,
      "",
      "The time is free again on the website. If the client still wants it, call them and book it for them:",
      "",
      `Name: ${said("name")}`,
      `Phone: ${said("phone")}`,
      `E-mail: ${said("email")}`,
    ].join("\n"),
  };
}

/** Moves on every hold that has ended by `now` (HOLD_ENDED); returns the references it ended. */
export async function sweepLapsedHolds(
  db: Database,
  now: Date,
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<string[]> {
  const nowIso = now.toISOString();
  const ended: string[] = [];
  for (const reference of await endedHolds(db, nowIso)) {
    const done = await db.transaction(async (tx) => {
      // The booking's row before its e-mails', the one lock order of the two tables (docs/architecture.md). Two
      // sweepers expire it once.
      const [held] = await tx.query(`SELECT 1 FROM bookings WHERE reference = $1 AND ${HOLD_ENDED("$2")} FOR UPDATE`, [
        reference,
        nowIso,
      ]);
      if (!held) return false;
      // A confirmation whose sender's claim is still live may be on its way: leave the booking for a later pass
      // rather than take the e-mail from its sender and tell the business it never arrived.
      const [sending] = await tx.query(
        `SELECT 1 FROM deliveries
         WHERE reference = $1 AND message IN ${CONFIRMATIONS} AND state = 'pending' AND claimed_until > $2`,
        [reference, nowIso],
      );
      if (sending) return false;
      await setStatus(tx, reference, "expired", nowIso);
      await settleLapsedHandOvers(tx, nowIso, [reference]);
      const givenUp = await tx.query(
        `UPDATE deliveries SET state = 'failed', last_error = 'given up: the hold ended before it could be delivered',
           claim = NULL, claimed_until = NULL
         WHERE reference = $1 AND message IN ${CONFIRMATIONS} AND state = 'pending' RETURNING message`,
        [reference],
      );
      const [{ delivered }] = (await tx.query<{ delivered: number }>(
        `SELECT count(*)::integer AS delivered FROM deliveries
         WHERE reference = $1 AND message IN ${CONFIRMATIONS} AND state IN ('sent', 'maybe-sent')`,
        [reference],
      )) as [{ delivered: number }];
      if (givenUp.length && !delivered) {
        const booking = (await findBooking(tx, reference))!;
        const mail = releasedUnheardMail(reference, booking.start, booking.client ?? {}, env.MAIL_TO ?? business.email);
        await insertDeliveries(tx, reference, [outgoingMail(env)("releasedUnheard", mail)], nowIso);
      }
      return true;
    });
    if (done) ended.push(reference);
  }
  return ended;
}
