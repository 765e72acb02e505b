/**
 * What the owner does to a client's booking on the desk, through the same store and e-mails as
 * the client's own link (booking/manage-booking.ts): confirm a held booking for a client who
 * called, or cancel one for them. The client and an agent who booked get the e-mail and invite
 * they would have had, once (each change is stored under its key, in the transaction that makes
 * it); a cancellation is told to the business too. The owner is held by no cut-off.
 */
import { bookedTimeText } from "../../booking/booked-time";
import type { Database, Queryable } from "../db/database";
import { expireIfLapsed, findBooking, setStatus, type Booking } from "../db/bookings";
import { HttpError } from "../http/http-error";
import { recordChange } from "../booking/manage-booking";
import { visitorChangeMail } from "../booking/change-emails";

const referenceOf = (body: Record<string, unknown>) => {
  if (typeof body.reference !== "string" || !body.reference) throw new HttpError(400, "Say which booking.");
  return body.reference;
};

async function clientBooking(tx: Queryable, reference: string): Promise<Booking> {
  const booking = await findBooking(tx, reference, true);
  if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
  return booking;
}

/** Confirms a held booking as its client's link would; a confirmed one answers as it is. */
export async function confirmForClient(db: Database, body: Record<string, unknown>, now: Date) {
  const reference = referenceOf(body);
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference);
    if (booking.status === "booked") return { reference, status: booking.status };
    if (booking.status === "expired") {
      throw new HttpError(410, "This hold lapsed and its time was released: book the caller into a time again.");
    }
    if (booking.status === "cancelled") throw new HttpError(409, "This booking was cancelled.");
    await setStatus(tx, reference, "booked", nowIso);
    const confirmed = (await findBooking(tx, reference))!;
    await recordChange(
      tx,
      `confirm-${reference}`,
      confirmed,
      "confirmed by the office",
      now,
      visitorChangeMail("confirmed", confirmed, now.getTime()),
      false,
    );
    return { reference, status: confirmed.status };
  });
}

/** Cancels a live booking for its client, at any time before or after the online cut-off. */
export async function cancelForClient(db: Database, body: Record<string, unknown>, now: Date) {
  const reference = referenceOf(body);
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference);
    if (booking.status !== "booked" && booking.status !== "pending") return { reference, status: booking.status };
    await setStatus(tx, reference, "cancelled", nowIso);
    const cancelled = (await findBooking(tx, reference))!;
    await recordChange(
      tx,
      `cancel-${reference}`,
      cancelled,
      `cancelled by the office (was ${bookedTimeText(booking.start)})`,
      now,
      visitorChangeMail("cancelled", cancelled, now.getTime(), booking.start),
    );
    return { reference, status: cancelled.status };
  });
}
