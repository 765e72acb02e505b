/**
 * Recording on the desk that a visit's report reached the client: the signed agreement's 5 years
 * (BOP 16-4A-05), and every retention period that counts from delivery, count from then
 * (privacy/due-days.ts, db/privacy.ts), and the client's data page says so. Recorded once: a
 * second record keeps the first date.
 */
import type { Database } from "../db/database";
import { findBooking } from "../booking/booking-queries";
import { HttpError } from "../http/http-error";

export async function recordReportDelivered(db: Database, body: Record<string, unknown>, now: Date) {
  if (typeof body.reference !== "string" || !body.reference) throw new HttpError(400, "Say which booking.");
  const reference = body.reference;
  return db.transaction(async (tx) => {
    const booking = await findBooking(tx, reference, true);
    if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
    if (booking.status !== "booked") throw new HttpError(409, "Only a confirmed booking's visit has a report.");
    // From the visit's start: a short test's result can be handed over on site before the visit ends.
    if (new Date(booking.start).getTime() > now.getTime())
      throw new HttpError(409, "The visit has not started yet: its report cannot have been delivered.");
    const [row] = await tx.query<{ report_delivered_at: Date }>(
      `UPDATE bookings SET report_delivered_at = coalesce(report_delivered_at, $2), updated_at = $2
       WHERE reference = $1 RETURNING report_delivered_at`,
      [reference, now.toISOString()],
    );
    return { reference, reportDeliveredAt: new Date(row!.report_delivered_at).toISOString() };
  });
}
