/**
 * The e-mails before a visit (availability.yaml `reminders`): to the client and the agent `beforeVisitHours`
 * before a confirmed booking, and to the owner for an agreement still unsigned `unsignedOwnerAlertHours` before.
 * Each goes once whatever the servers, passes or restarts: its `reminders` row and its e-mails are written in
 * one transaction holding the booking's row. A moved booking is reminded at its new time; a cancelled or
 * expired one never.
 */
import { availability, business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { AgentRole } from "../../booking/shared";
import { findAgreement } from "../../signed-agreements/server";
import { claimReminder, type ReminderKind } from "./reminder-queries";
import {
  findBooking,
  type Booking,
  describeServices,
  duration,
  clientManageLink,
  linkSecret,
  manageLink,
  signingLink,
} from "../../booking/server";
import { addHours, subHours } from "date-fns";
import { type Database, type Queryable } from "../../../lib/server/db/database";
import { insertDeliveries } from "../../../lib/server/mail/outbox";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import { filledAgreement } from "../../agreement/server";

/** What to have ready on the day: the inspector needs to reach these. */
export const PREPARE = [
  "access to the attic, the crawl space, the electrical panel and the water heater",
  "the utilities (water, electricity, gas) on",
  "pets secured or away",
];

/**
 * No reminder and no unsigned-agreement alert of a booking until its booking e-mail has been out
 * this long: a pass skips every booking made less than a day before it. The booking e-mail (sent
 * as the booking is made) already says when and where, with the links to manage it and to sign,
 * so a reminder straight after it, and the office's alert about a booking it was told of a moment
 * ago, say nothing new. A booking made within a day of its visit therefore gets no separate
 * reminder (its booking e-mail is the reminder); one made earlier gets its reminder and alert on
 * the first pass after it is a day old, if its visit is still within their windows.
 */
export const BOOKING_MAIL_FIRST_HOURS = 24;

/**
 * Confirmed bookings starting within `hours` of `now` that have no reminder of `kind` at their
 * start, made at least BOOKING_MAIL_FIRST_HOURS before `now`.
 */
async function dueBookings(db: Queryable, kind: ReminderKind, hours: number, now: Date): Promise<string[]> {
  const rows = await db.query<{ reference: string }>(
    `SELECT reference FROM bookings b
     WHERE status = 'booked' AND start_at > $1 AND start_at <= $2 AND created_at <= $4
       AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.booking = b.reference AND r.kind = $3 AND r.start_at = b.start_at)
       AND ($3 <> 'unsigned' OR NOT EXISTS (SELECT 1 FROM agreements a WHERE a.booking = b.reference))
     ORDER BY start_at`,
    [
      now.toISOString(),
      addHours(now, hours).toISOString(),
      kind,
      subHours(now, BOOKING_MAIL_FIRST_HOURS).toISOString(),
    ],
  );
  return rows.map((row) => row.reference);
}

function visitMail(
  booking: Booking,
  links: { manage: string | null; sign: string | null },
  reader: AgentRole | "client" = "client",
) {
  const when = bookedTimeText(booking.start);
  return (to: string): MailMessage => ({
    to,
    replyTo: business.email,
    subject: `Reminder: your inspection ${when} (${booking.reference})`,
    text: [
      "Hello,",
      "",
      `A reminder of inspection ${booking.reference}:`,
      ...(reader === "copied" ? ["(Your client asked us to copy you on their inspection.)"] : []),
      "",
      `  When: ${when} (Maryland time), about ${duration(booking.onSiteMinutes)} on site`,
      `  Where: ${booking.ownerEvent.location}`,
      `  Who comes: an inspector of ${business.name}`,
      `  What: ${describeServices(booking.job).join("; ")}`,
      "",
      "Please have ready:",
      ...PREPARE.map((item) => `  - ${item}`),
      "",
      ...(links.sign
        ? [
            "The inspection agreement is not signed yet. Please read and sign it before the visit:",
            `  ${links.sign}`,
            "",
          ]
        : []),
      ...(links.manage
        ? [
            `To cancel or move it, until ${availability.cancellation.cutoffHours} hours before it starts:`,
            `  ${links.manage}`,
            "",
          ]
        : []),
      `Questions? Call us at ${business.phone} (${business.hours}) and give the reference.`,
      "",
      business.name,
    ].join("\n"),
  });
}

/**
 * Sends one reminder of one booking, if it is still due: in one transaction that holds the
 * booking's row (a move or cancel waits, or is seen), records it and stores its e-mails.
 */
async function remind(db: Database, reference: string, kind: ReminderKind, now: Date, env: NodeJS.ProcessEnv) {
  return db.transaction(async (tx) => {
    const booking = await findBooking(tx, reference, true);
    if (!booking || booking.status !== "booked" || Date.parse(booking.start) <= now.getTime()) return false;
    const client = booking.client;
    if (!client) return false;
    const filled = filledAgreement(booking);
    const signed = Boolean(await findAgreement(tx, reference, filled.terms));
    if (kind === "unsigned" && signed) return false;
    const start = new Date(booking.start).toISOString();
    if (!(await claimReminder(tx, reference, kind, start, now.toISOString()))) return false;
    const outgoing = outgoingMail(env);
    const message = (to: string) => `reminder-${kind}-${start}-${to}`;
    if (kind === "unsigned") {
      await insertDeliveries(
        tx,
        reference,
        [
          outgoing(message("business"), {
            to: env.MAIL_TO ?? business.email,
            replyTo: client.email,
            subject: `Agreement not signed: ${reference} (${bookedTimeText(booking.start)})`,
            text: [
              `The inspection agreement of booking ${reference} is not signed, ${availability.reminders.unsignedOwnerAlertHours} hours or less before the visit.`,
              "",
              `  When: ${bookedTimeText(booking.start)} (Maryland time)`,
              `  Client: ${client.name}, ${client.phone}, ${client.email}`,
              `  Where: ${booking.ownerEvent.location}`,
              "",
              "The client was sent the link to sign it with the confirmation and the reminder.",
            ].join("\n"),
          }),
        ],
        now.toISOString(),
      );
      return true;
    }
    const secret = linkSecret(env);
    const manage = secret ? clientManageLink(secret, reference, now.getTime()) : null;
    const sign = secret && !signed ? signingLink(secret, reference, now.getTime()) : null;
    const mails = [outgoing(message("client"), visitMail(booking, { manage, sign })(filled.clientEmail))];
    // The agent's copy never carries the signing link: the agreement is the client's. An agent the
    // client copied gets no link to change the booking either, as in their other copies; an agent
    // who booked gets a manage link, never the client's own.
    if (filled.agentEmail && filled.agentRole) {
      const agentManage = secret && filled.agentRole === "booked" ? manageLink(secret, reference, now.getTime()) : null;
      const agentLinks = { manage: agentManage, sign: null };
      mails.push(outgoing(message("agent"), visitMail(booking, agentLinks, filled.agentRole)(filled.agentEmail)));
    }
    await insertDeliveries(tx, reference, mails, now.toISOString());
    return true;
  });
}

/**
 * Stores every reminder due at `now` (the tests move the clock by passing it); returns how many this
 * call stored. It runs within the periodic pass (src/passes/periodic-pass.ts), after the lapsed holds
 * are ended, so a released time gets no reminder.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<number> {
  const { beforeVisitHours, unsignedOwnerAlertHours } = availability.reminders;
  let sent = 0;
  for (const [kind, hours] of [
    ["visit", beforeVisitHours],
    ["unsigned", unsignedOwnerAlertHours],
  ] as const) {
    for (const reference of await dueBookings(db, kind, hours, now)) {
      if (await remind(db, reference, kind, now, env)) sent += 1;
    }
  }
  return sent;
}
