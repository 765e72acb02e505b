/** What the booking's own page shows of its payment (ManagedBooking's `payment`): where it stands, and what "pay now" asks. */
import type { Queryable } from "../../../lib/server/db/queryable";
import { dueCents, paymentStatus } from "./payment-status";
import { paymentsOn } from "./stripe-client";

export async function bookingPayment(db: Queryable, booking: { reference: string }) {
  const status = await paymentStatus(db, booking.reference);
  return {
    ...status,
    /** What the "pay now" link asks now; 0 when it offers none (payments off, nothing due, or not live). */
    dueCents: paymentsOn() ? dueCents(status) : 0,
  };
}
