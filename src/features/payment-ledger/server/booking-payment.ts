/** What the booking's own page shows of its payment (ManagedBooking's `payment`): where it stands, and what "pay now" asks. */
import type { Queryable } from "../../../lib/server/db/queryable";
import { dueCents, paymentStatus } from "./payment-status";
import { paymentsOn } from "./stripe-client";

/** What it reads of the booking (its own fields, so this module stays below booking). */
interface PayableBooking {
  reference: string;
  status: string;
}

export async function bookingPayment(db: Queryable, booking: PayableBooking) {
  const status = await paymentStatus(db, booking.reference);
  const live = booking.status === "booked" || booking.status === "pending";
  return {
    ...status,
    /** What the "pay now" link asks now; 0 when it offers none (payments off, nothing due, or not live). */
    dueCents: live && paymentsOn() ? dueCents(status) : 0,
  };
}
