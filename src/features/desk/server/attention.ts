/**
 * What needs the owner's attention, across every booking, of the last ATTENTION_DAYS: e-mails failed or
 * maybe sent (mail/deliveries.ts), the live bookings to come whose agreement is unsigned, and people's
 * requests about their data (privacy/data-rights.ts), each with whether it was answered. Times are in the
 * desk's words (desk-view.ts), in Maryland's clock.
 */
import { bookedSpanText } from "../../../lib/maryland-time/booked-time";
import { localDate, MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { formatCents, longDate } from "../../../lib/text/format";
import { refundsForAttention } from "../../payment-ledger/server";
import type { DeskAttention } from "../shared/desk-attention";
import type { Queryable } from "../../../lib/server/db/database";
import { DATA_REQUESTS, DATA_ACTIONS, OFFICE_COPIES } from "../../privacy/server";
import { BOOKING_CHANGES } from "../../booking/server";
import { marylandText } from "./desk-mail";
import { deliveryWords, STANDING_WORDS } from "./desk-view";

/** How far back failed e-mails and data requests are shown. */
export const ATTENTION_DAYS = 30;
/** An SMTP server's reason is shown, not a whole transcript. */
const WHY_MAX = 300;

const dayOf = (instant: Date) => rfc3339(new Date(instant).getTime(), MARYLAND).slice(0, 10);
const plural = (count: unknown, word: string) => `${Number(count) || 0} ${word}${Number(count) === 1 ? "" : "s"}`;

async function failedMails(db: Queryable, since: string): Promise<DeskAttention["failedMails"]> {
  const rows = await db.query<{
    to: string;
    subject: string;
    last_error: string | null;
    created_at: Date;
    booking: string | null;
    start_at: Date | null;
  }>(
    `SELECT d.mail->>'to' AS to, d.mail->>'subject' AS subject, d.last_error, d.created_at,
            b.reference AS booking, b.start_at
     FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
     LEFT JOIN bookings AS b ON b.status <> 'time_off'
       AND b.reference = CASE WHEN r.kind = $2 THEN r.record->>'booking' ELSE d.reference END
     WHERE d.state IN ('failed', 'maybe-sent') AND d.created_at >= $1
     ORDER BY d.created_at DESC, d.position LIMIT 200`,
    [since, BOOKING_CHANGES],
  );
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    sent: marylandText(new Date(row.created_at).getTime()),
    why: (row.last_error ?? "refused").slice(0, WHY_MAX),
    booking: row.booking && row.start_at ? { reference: row.booking, day: dayOf(row.start_at) } : null,
  }));
}

async function unsignedBookings(db: Queryable, now: string): Promise<DeskAttention["unsigned"]> {
  const rows = await db.query<{
    reference: string;
    inspector: number;
    start_at: Date;
    on_site_minutes: number;
    status: string;
    name: string | null;
    email: string | null;
  }>(
    `SELECT b.reference, b.inspector, b.start_at, b.on_site_minutes, b.status,
            b.client_name AS name, b.client_email AS email
     FROM bookings AS b
     WHERE b.start_at > $1
       AND (b.status = 'booked' OR (b.status = 'pending' AND (b.confirm_by IS NULL OR b.confirm_by > $1)))
       AND NOT EXISTS (SELECT 1 FROM agreements AS a WHERE a.booking = b.reference)
     ORDER BY b.start_at, b.inspector`,
    [now],
  );
  return rows.map((row) => {
    const start = rfc3339(new Date(row.start_at).getTime(), MARYLAND);
    return {
      reference: row.reference,
      day: start.slice(0, 10),
      when: `${bookedSpanText(start, row.on_site_minutes)} (Maryland time)`,
      standing: STANDING_WORDS[row.status] ?? row.status,
      client: row.name ?? "",
      clientEmail: row.email ?? "",
      inspector: row.inspector,
    };
  });
}

async function dataRequests(db: Queryable, since: string): Promise<DeskAttention["dataRequests"]> {
  const rows = await db.query<{ received_at: Date; record: Record<string, unknown>; link: string | null }>(
    `SELECT r.received_at, r.record,
            (SELECT d.state FROM deliveries AS d WHERE d.reference = r.reference AND d.message = 'dataLink') AS link
     FROM requests AS r WHERE r.kind = $2 AND r.received_at >= $1
     ORDER BY r.received_at DESC LIMIT 200`,
    [since, DATA_REQUESTS],
  );
  return rows.map(({ received_at, record, link }) => {
    const action = String(record.action) as keyof typeof DATA_ACTIONS;
    const asked = `Someone ${DATA_ACTIONS[action] ?? action} ${String(record.mailbox)}`;
    const when = marylandText(new Date(received_at).getTime());
    if (action === "link") {
      return { asked, when, answer: `The link: ${deliveryWords(link ?? "pending")}.`, answered: link === "sent" };
    }
    const answer =
      action === "delete"
        ? `Answered at once: ${plural(record.deleted, "record")} deleted, ${plural(record.kept, "record")} kept until the dates they go. ${OFFICE_COPIES}`
        : `Answered at once: ${plural(record.records, "record")} shown.`;
    return { asked, when, answer, answered: true };
  });
}

async function refunds(db: Queryable, since: string): Promise<DeskAttention["refunds"]> {
  const owed = await refundsForAttention(db, since);
  const starts = new Map(
    (
      await db.query<{ reference: string; start_at: Date }>(
        "SELECT reference, start_at FROM bookings WHERE reference = ANY($1::text[])",
        [owed.map((each) => each.booking)],
      )
    ).map((row) => [row.reference, row.start_at]),
  );
  return owed.map((refund) => {
    const start = starts.get(refund.booking);
    return {
      booking: start ? { reference: refund.booking, day: dayOf(start) } : null,
      reference: refund.booking,
      amount: formatCents(refund.madeAt ? (refund.madeCents ?? refund.amountCents) : refund.amountCents),
      why: refund.why,
      owed: marylandText(Date.parse(refund.owedAt)),
      standing: refund.madeAt
        ? refund.madeCents === 0
          ? `nothing left to refund on ${marylandText(Date.parse(refund.madeAt))}: it had been refunded in Stripe's dashboard`
          : `refund sent on ${marylandText(Date.parse(refund.madeAt))}`
        : refund.stuckAt
          ? `Stripe refused the refund: ${(refund.lastError ?? "").slice(0, WHY_MAX)}. Refund it in Stripe's dashboard.`
          : "refund being sent",
      stuck: Boolean(refund.stuckAt && !refund.madeAt),
    };
  });
}

/** Everything that needs the owner's attention at `now`. */
export async function needsAttention(db: Queryable, now: number): Promise<DeskAttention> {
  const since = new Date(now - ATTENTION_DAYS * 24 * 60 * 60 * 1000);
  const nowIso = new Date(now).toISOString();
  return {
    since: `since ${longDate(localDate(since.getTime(), MARYLAND))}`,
    failedMails: await failedMails(db, since.toISOString()),
    unsigned: await unsignedBookings(db, nowIso),
    refunds: await refunds(db, since.toISOString()),
    dataRequests: await dataRequests(db, since.toISOString()),
  };
}
