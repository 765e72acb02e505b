/**
 * Every booking as CSV, for a spreadsheet: the desk's download and `npm run requests -- --csv`
 * (scripts/commands/requests.ts) write the same file from here. csv-stringify writes it, and
 * escapes formulas: a cell a visitor typed that starts with =, +, -, @, a tab or a carriage return
 * gets a leading ' (OWASP's rule), so Excel or LibreOffice shows the text and runs nothing.
 */
import { stringify } from "csv-stringify/sync";
import { labelOf, mainInspectionChoices } from "../../catalog";
import { signedByText } from "../agreement/agreement";
import { signaturesOf } from "../booking/owner-calendar";
import type { Queryable } from "../db/database";
import { bookingsSince, standingOf, type Booking } from "../booking/booking-queries";

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
  "moves",
  "agreement signed by",
  "agreement signed at",
  "agreement version",
];

/** The job as the owner reads it: the main inspection's label, the add-ons and the water packages. */
export function jobText(booking: Booking): string {
  const main =
    booking.job.mainInspection === "none" ? [] : [labelOf(mainInspectionChoices, booking.job.mainInspection)];
  return [...main, ...booking.job.addOns, ...booking.job.waterPackages.map((id) => `water: ${id}`)].join(", ");
}

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
  const rows: unknown[][] = [COLUMNS];
  for (const booking of bookings) {
    const record = records.get(booking.reference);
    const client = record?.request as Record<string, string | undefined> | undefined;
    const signature = signed.get(booking.reference);
    rows.push([
      booking.reference,
      booking.start,
      booking.onSiteMinutes,
      booking.inspector,
      standingOf(booking, now),
      jobText(booking),
      (record?.quote as { total?: number } | undefined)?.total,
      client?.name,
      client?.email,
      client?.phone,
      booking.ownerEvent.location,
      client?.agentName,
      client?.agentEmail,
      booking.moves,
      signature && signedByText(signature),
      signature?.signedAt,
      signature?.version,
    ]);
  }
  return stringify(rows, { quoted: true, quoted_empty: true, escape_formulas: true, record_delimiter: "\r\n" });
}
