/**
 * Every booking as CSV, for a spreadsheet: the desk's download and `npm run requests -- --csv`
 * (scripts/commands/requests.ts) write the same file from here, in the desk's own words (its
 * standing of a booking, each service by its label, each inspector by name, whether the agent is
 * copied). csv-stringify writes it, and
 * escapes formulas: a cell a visitor typed that starts with =, +, -, @, a tab or a carriage return
 * gets a leading ' (OWASP's rule), so Excel or LibreOffice shows the text and runs nothing.
 */
import { stringify } from "csv-stringify/sync";
import { availability } from "../../../lib/business-data";
import { inspectorName } from "../../booking/shared/inspectors";
import { signedByText } from "../../signed-agreements/server/signature-text";
import { signaturesOf } from "../../booking/server/owner-calendar";
import type { Queryable } from "../../../lib/server/db/database";
import { bookingsSince, standingOf, type Booking } from "../../booking/server/booking-queries";
import { describeServices } from "../../booking/server/schedule-emails";
import { STANDING_WORDS } from "./desk-view";
import { paymentStatus } from "../../payment-ledger/server/payment-status";
import { agentRoleOf } from "../../booking/shared/agent-copy";
import { AGENT_EMAILED } from "../shared/desk-item";

const COLUMNS = [
  "reference",
  "start",
  "on site minutes",
  "inspector",
  "status",
  "job",
  "estimate",
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
  "quoted",
  "paid",
  "refunded",
  "balance",
];

/** Cents as the CSV writes money: dollars with two decimals, a number to a spreadsheet. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The job as the owner reads it on the desk and in the e-mails: each service by its label. */
export const jobText = (booking: Booking): string => describeServices(booking.job).join("; ");

/** The CSV, the header first, each line ended by CRLF (RFC 4180). */
export async function bookingsCsv(db: Queryable, now: number): Promise<string> {
  const bookings = await bookingsSince(db, "1970-01-01T00:00:00Z");
  const signed = await signaturesOf(db, bookings);
  const records = new Map(
    (
      await db.query<{ reference: string; record: Record<string, unknown> }>(
        "SELECT reference, record FROM requests WHERE reference = ANY($1::text[])",
        [bookings.map((booking) => booking.reference)],
      )
    ).map((row) => [row.reference, row.record]),
  );
  const delivered = new Map(
    (
      await db.query<{ reference: string; report_delivered_at: Date }>(
        "SELECT reference, report_delivered_at FROM bookings WHERE reference = ANY($1::text[]) AND report_delivered_at IS NOT NULL",
        [bookings.map((booking) => booking.reference)],
      )
    ).map((row) => [row.reference, new Date(row.report_delivered_at).toISOString()]),
  );
  const rows: unknown[][] = [COLUMNS];
  for (const booking of bookings) {
    const record = records.get(booking.reference);
    const client = record?.request as Record<string, string | undefined> | undefined;
    const signature = signed.get(booking.reference);
    const payment = await paymentStatus(db, booking.reference);
    rows.push([
      booking.reference,
      booking.start,
      booking.onSiteMinutes,
      inspectorName(availability.inspectors, booking.inspector),
      STANDING_WORDS[standingOf(booking, now)] ?? standingOf(booking, now),
      jobText(booking),
      (record?.quote as { total?: number } | undefined)?.total,
      client?.name,
      client?.email,
      client?.phone,
      booking.ownerEvent.location,
      client?.agentName,
      client?.agentEmail,
      // As the desk's card says it, wherever the client named an agent.
      client?.agentName || client?.agentEmail
        ? AGENT_EMAILED[agentRoleOf({ ...client, email: client.email ?? "" }) ?? "none"]
        : "",
      booking.moves,
      signature && signedByText(signature),
      signature?.signedAt,
      signature?.version,
      delivered.get(booking.reference),
      payment.state,
      dollars(payment.quotedCents),
      dollars(payment.paidCents),
      dollars(payment.refundedCents),
      dollars(payment.balanceCents),
    ]);
  }
  return stringify(rows, { quoted: true, quoted_empty: true, escape_formulas: true, record_delimiter: "\r\n" });
}
