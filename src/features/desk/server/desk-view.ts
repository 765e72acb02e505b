/**
 * What the desk shows of the days from a date: every booking and time off, per inspector, with
 * the job, the client and agent, the address, the estimate, where it stands, the agreement and
 * each e-mail's delivery. Times go out as RFC 3339 in Maryland's time with words to read.
 */
import { availability } from "../../../lib/content/business-data";
import { bookedSpanText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import {
  reportsWithDownloadsRead,
  missingFrom,
  signedAsTermsStand,
  type ReportWithDownloads,
} from "../../report/server";
import type { Queryable } from "../../../lib/server/db/database";
import { inOneTrip, type Read } from "../../../lib/server/db/one-trip";
import { agreementsRead, type SignedAgreement, signedAtText, signedByText } from "../../signed-agreements/server";
import { paymentStatusesRead, type PaymentStatus, paymentsOn } from "../../payment-ledger/server";
import {
  bookingsRead,
  NEVER_HELD,
  standingOf,
  type Booking,
  type BookingRow,
  type BookingStatus,
  describeServices,
} from "../../booking/server";
import { longDate } from "../../../lib/text/format";
import { retention } from "../../privacy/shared";
import { agreementGoesOn } from "../../privacy/server";
import type { DeskItem } from "../shared/desk-item";
import { marylandText } from "./desk-mail";

const COLUMNS = `reference, inspector, start_at, on_site_minutes, lower(during) AS held_from, upper(during) AS held_to,
  status, confirm_by, job, owner_event, b.moves, b.report_delivered_at, b.agent_report_consent_at,
  b.client_name, b.client_email, b.client_phone, b.agent_name, b.agent_email, b.agent_phone, b.agent_role, r.record`;

type BookingColumn =
  | "reference"
  | "inspector"
  | "start_at"
  | "on_site_minutes"
  | "held_from"
  | "held_to"
  | "status"
  | "confirm_by"
  | "job"
  | "owner_event"
  | "moves"
  | "client_name"
  | "client_email"
  | "client_phone"
  | "agent_name"
  | "agent_email"
  | "agent_phone"
  | "agent_role";

interface Row extends Pick<BookingRow, BookingColumn>, Record<string, unknown> {
  report_delivered_at: Date | null;
  agent_report_consent_at: Date | null;
  record: { request?: Record<string, string | undefined>; quote?: { total: number }; note?: string } | null;
}

/** Where a booking stands, in the words the desk shows. */
export const STANDING_WORDS: Record<string, string> = {
  pending: "held, not yet confirmed",
  booked: "confirmed",
  done: "visit done",
  cancelled: "cancelled",
  expired: "expired (never confirmed)",
  time_off: "time off",
};

/** Where an e-mail's delivery stands (the table `deliveries`), in the words the desk shows. */
export const deliveryWords = (state: string) =>
  state === "failed"
    ? "not delivered"
    : state === "sent"
      ? "delivered"
      : state === "maybe-sent"
        ? "may have been delivered (not sent again: ask them)"
        : "waiting to be sent";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a signed agreement goes, as the client's data page says (privacy/kept-data.ts). */
function agreementKeptUntil(signedAt: string, visit: number, delivered: Date | null, status: BookingStatus): string {
  const held = !NEVER_HELD.includes(status);
  const day = agreementGoesOn(
    {
      signedAt: Date.parse(signedAt),
      visitAt: visit,
      deliveredAt: delivered ? new Date(delivered).getTime() : null,
      held,
    },
    retention,
  );
  const counted = !held
    ? " (no visit took place: counted from the signature)"
    : delivered
      ? ""
      : " (counted from a month after the visit until the report's delivery is recorded)";
  return `${longDate(day)}${counted}`;
}

/**
 * Everything starting on the `days` days from `from` (YYYY-MM-DD, Maryland's), by start then inspector:
 * two round trips, the day's rows and then what each shows, read together (one-trip.ts).
 */
export async function deskItems(db: Queryable, from: string, days: number, now: number): Promise<DeskItem[]> {
  // A day before and after in UTC, then kept to Maryland's days.
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bookings AS b LEFT JOIN requests AS r USING (reference)
     WHERE start_at >= $1 AND start_at < $2 ORDER BY start_at, inspector`,
    [
      new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString(),
      new Date(Date.parse(`${from}T00:00:00Z`) + (days + 1) * DAY_MS).toISOString(),
    ],
  );
  const last = new Date(Date.parse(`${from}T12:00:00Z`) + (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const inRange = rows.filter((row) => {
    const day = rfc3339(new Date(row.start_at).getTime(), MARYLAND).slice(0, 10);
    return day >= from && day <= last;
  });
  if (!inRange.length) return [];
  const references = inRange.map((row) => row.reference);
  const bookingReferences = inRange.filter((row) => row.status !== "time_off").map((row) => row.reference);
  const [signatures, payments, emails, reports, bookings] = await inOneTrip(db, [
    agreementsRead(references, { withText: false }),
    paymentStatusesRead(references, new Date(now)),
    emailsRead(bookingReferences),
    reportsWithDownloadsRead(bookingReferences),
    // Every booking's, for what a report not yet released waits for: read with the rest rather than after the reports.
    bookingsRead(bookingReferences),
  ]);
  const items: DeskItem[] = [];
  for (const row of inRange) {
    const startMs = new Date(row.start_at).getTime();
    const start = rfc3339(startMs, MARYLAND);
    const timeOff = row.status === "time_off";
    const endMs = timeOff ? new Date(row.held_to).getTime() : startMs + row.on_site_minutes * 60_000;
    const request = row.record?.request;
    const signed = signatures.find((each) => each.booking === row.reference);
    const standing = timeOff
      ? "time_off"
      : standingOf({ status: row.status, start, onSiteMinutes: row.on_site_minutes } as Booking, now);
    items.push({
      reference: row.reference,
      kind: timeOff ? "time off" : "booking",
      inspector: row.inspector,
      start,
      end: rfc3339(endMs, MARYLAND),
      when: timeOff
        ? `${marylandText(startMs)} to ${marylandText(endMs)}`
        : `${bookedSpanText(start, row.on_site_minutes)} (Maryland time)`,
      standing: STANDING_WORDS[standing] ?? standing,
      visitStarted: row.status === "booked" && startMs <= now,
      started: startMs <= now,
      confirmBy: row.status === "pending" && row.confirm_by ? marylandText(new Date(row.confirm_by).getTime()) : null,
      services: timeOff ? [] : describeServices(row.job),
      client:
        row.client_email !== null
          ? { name: row.client_name ?? "", email: row.client_email, phone: row.client_phone ?? "" }
          : null,
      agent:
        row.agent_name || row.agent_email
          ? {
              name: row.agent_name ?? "",
              email: row.agent_email ?? "",
              phone: row.agent_phone ?? "",
              emailed: row.agent_role,
              reportShared: row.agent_report_consent_at
                ? marylandText(new Date(row.agent_report_consent_at).getTime())
                : null,
            }
          : null,
      notes: timeOff ? "" : (request?.notes ?? ""),
      location: row.owner_event.location,
      estimate: timeOff ? null : (payments.get(row.reference)?.quotedCents ?? 0) / 100,
      note: timeOff ? (row.record?.note ?? "") : "",
      agreement: signed
        ? {
            by: signedByText(signed),
            at: signedAtText(signed.signedAt),
            version: signed.version,
            keptUntil: agreementKeptUntil(signed.signedAt, startMs, row.report_delivered_at, row.status),
          }
        : null,
      reportDelivered: row.report_delivered_at ? marylandText(new Date(row.report_delivered_at).getTime()) : null,
      report: null,
      emails: emails.get(row.reference) ?? [],
      payment: timeOff ? null : { ...payments.get(row.reference)!, online: paymentsOn() },
    });
  }
  attachReports(items, reports, bookings, signatures, payments);
  return items;
}

/** Each booking's report, with what it still waits for (from its signatures and payments), its release and downloads. */
function attachReports(
  items: DeskItem[],
  reports: readonly ReportWithDownloads[],
  bookings: readonly Booking[],
  signatures: readonly SignedAgreement[],
  payments: ReadonlyMap<string, PaymentStatus>,
): void {
  const text = (iso: string) => marylandText(Date.parse(iso));
  for (const report of reports) {
    const item = items.find((each) => each.reference === report.booking)!;
    const booking = bookings.find((each) => each.reference === report.booking);
    const payment = payments.get(report.booking);
    item.report = {
      size: report.size,
      uploaded: text(report.uploadedAt),
      withheld:
        !report.released && booking && payment
          ? missingFrom(report, signedAsTermsStand(booking, signatures), payment)
          : [],
      released: report.released ? { by: report.released.by, at: text(report.released.at) } : null,
      downloads: report.downloads.map((each) => ({ who: each.who, at: text(each.at) })),
    };
  }
}

/** Each booking's e-mails and their delivery, the booking's own and those of its changes, in the order they were stored. */
const emailsRead = (bookings: readonly string[]): Read<Map<string, DeskItem["emails"]>> => ({
  sql: `SELECT CASE WHEN r.kind = 'booking-changes' THEN r.record->>'booking' ELSE d.reference END AS booking,
            d.message, d.mail->>'to' AS to, d.mail->>'subject' AS subject, d.state
     FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
     WHERE d.reference = ANY($1::text[])
        OR (r.kind = 'booking-changes' AND r.record->>'booking' = ANY($1::text[]))
     ORDER BY d.created_at, d.position`,
  params: [bookings],
  rows: (rows) => {
    const emails = new Map<string, DeskItem["emails"]>();
    for (const row of rows as Array<{ booking: string; message: string; to: string; subject: string; state: string }>) {
      const list = emails.get(row.booking) ?? [];
      list.push({ message: row.message, to: row.to, subject: row.subject, state: deliveryWords(row.state) });
      emails.set(row.booking, list);
    }
    return emails;
  },
});

/** The inspectors listed now: the desk names each booking's number from them. */
export const listedInspectors = () => availability.inspectors;
