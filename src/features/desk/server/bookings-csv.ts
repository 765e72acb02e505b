/**
 * The bookings of a range of days as CSV, in the desk's own words and Maryland's clock: the desk's
 * download and `npm run requests -- --csv` write it from here. csv-stringify escapes formulas: a cell
 * that starts with =, +, -, @, a tab or a carriage return gets a leading ' (OWASP's rule).
 */
import { stringify } from "csv-stringify/sync";
import { availability } from "../../../lib/content/business-data";
import { inspectorName } from "../../booking/shared";
import { signedByText } from "../../signed-agreements/server";
import { signaturesOf, bookingsBetween, standingOf, type Booking, describeServices } from "../../booking/server";
import type { Queryable } from "../../../lib/server/db/database";
import { STANDING_WORDS } from "./desk-view";
import { paymentStatuses } from "../../payment-ledger/server";
import { keptCents, PAYMENT_STATE_WORDS } from "../../payment-ledger/shared";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { AGENT_EMAILED } from "../shared/desk-item";

const COLUMNS = [
  "reference",
  "start",
  "on site minutes",
  "inspector",
  "status",
  "job",
  "client",
  "e-mail",
  "phone",
  "address",
  "agent",
  "agent e-mail",
  "agent copied",
  "moves",
  "agreement signed by",
  "agreement signed at",
  "agreement version",
  "report delivered",
  "payment",
  "fee",
  "paid",
  "refunded",
  "kept",
  "balance",
];

/** Cents as the CSV writes money: dollars with two decimals, a number to a spreadsheet. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** An instant as the CSV writes times: Maryland's clock, with its offset, as the start column. */
const marylandTime = (iso: string | undefined | null) => (iso ? rfc3339(Date.parse(iso), MARYLAND) : "");

/** The job as the owner reads it on the desk and in the e-mails: each service by its label. */
export const jobText = (booking: Booking): string => describeServices(booking.job).join("; ");

const DAY_MS = 24 * 60 * 60 * 1000;

/** The months the CSV covers unless told: the past year and the year ahead. */
export function csvRange(query: { from?: unknown; to?: unknown }, now: number): { from: Date; to: Date } {
  const day = (value: unknown) =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
      ? Date.parse(`${value}T00:00:00Z`)
      : null;
  const from = day(query.from) ?? now - 366 * DAY_MS;
  const to = (day(query.to) ?? now + 365 * DAY_MS) + DAY_MS;
  return { from: new Date(from), to: new Date(Math.max(from, to)) };
}

/**
 * The bookings starting in [from, to) as CSV, the header first, each line ended by CRLF
 * (RFC 4180): four queries, whatever their number.
 */
export async function bookingsCsv(db: Queryable, now: number, range = csvRange({}, now)): Promise<string> {
  const bookings = await bookingsBetween(db, range.from, range.to);
  const references = bookings.map((booking) => booking.reference);
  const signed = await signaturesOf(db, bookings);
  const delivered = new Map(
    (
      await db.query<{ reference: string; report_delivered_at: Date }>(
        "SELECT reference, report_delivered_at FROM bookings WHERE reference = ANY($1::text[]) AND report_delivered_at IS NOT NULL",
        [references],
      )
    ).map((row) => [row.reference, new Date(row.report_delivered_at).toISOString()]),
  );
  const payments = await paymentStatuses(db, references, new Date(now));
  const rows: unknown[][] = [COLUMNS];
  for (const booking of bookings) {
    const { client, agent } = booking;
    const signature = signed.get(booking.reference);
    const payment = payments.get(booking.reference)!;
    rows.push([
      booking.reference,
      booking.start,
      booking.onSiteMinutes,
      inspectorName(availability.inspectors, booking.inspector),
      STANDING_WORDS[standingOf(booking, now)] ?? standingOf(booking, now),
      jobText(booking),
      client?.name,
      client?.email,
      client?.phone,
      booking.ownerEvent.location,
      agent?.name,
      agent?.email,
      // As the desk's card says it, wherever the client named an agent.
      agent ? AGENT_EMAILED[agent.role ?? "none"] : "",
      booking.moves,
      signature && signedByText(signature),
      marylandTime(signature?.signedAt),
      signature?.version,
      marylandTime(delivered.get(booking.reference)),
      PAYMENT_STATE_WORDS[payment.state],
      dollars(payment.quotedCents),
      dollars(payment.paidCents),
      dollars(payment.refundedCents),
      dollars(keptCents(payment)),
      dollars(payment.balanceCents),
    ]);
  }
  return stringify(rows, { quoted: true, quoted_empty: true, escape_formulas: true, record_delimiter: "\r\n" });
}
