/**
 * The desk's two payment actions: recording a payment taken on site (cash, check, the card
 * terminal), which e-mails the client a receipt, and sending the client the "pay now" link again
 * for what is due. Each is one transaction holding the booking's row, and each e-mail goes through
 * the booking's recorded changes (manage-booking.ts, recordChange), listed with its other e-mails.
 */
import { expireIfLapsed, findBooking, type Booking, linkSecret, payLink, recordChange } from "../../booking/server";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { formatCents } from "../../../lib/text/format";
import { insertPayment, type PaymentMethod, dueCents, paymentStatus, paymentsOn } from "../../payment-ledger/server";
import { payNowMail, receiptMail } from "./payment-emails";

/** How a payment taken on site was made. */
export const ON_SITE = ["cash", "check", "card-terminal"] as const satisfies readonly PaymentMethod[];

/** A payment taken on site, as the desk records it: `deskKey` is one press of "Record payment". */
export interface OnSitePayment {
  reference: string;
  method: (typeof ON_SITE)[number];
  amountCents: number;
  deskKey: string;
}

async function clientBooking(tx: Queryable, reference: string, now: Date): Promise<Booking> {
  await expireIfLapsed(tx, reference, now.toISOString());
  const booking = await findBooking(tx, reference, true);
  if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
  return booking;
}

export async function recordPaymentOnSite(db: Database, payment: OnSitePayment, now: Date, by: string) {
  const { method, amountCents, deskKey } = payment;
  return db.transaction(async (tx) => {
    const booking = await clientBooking(tx, payment.reference, now);
    const recorded = await insertPayment(
      tx,
      booking.reference,
      { kind: "payment", method, amountCents, stripeId: null, paymentIntent: null, recordedBy: `desk:${by}`, deskKey },
      now.toISOString(),
    );
    const status = await paymentStatus(tx, booking.reference);
    if (!recorded) return { reference: booking.reference, payment: { ...status, online: paymentsOn() } };
    await recordChange(
      tx,
      `payment-taken-${booking.reference}-${deskKey}`,
      booking,
      `${formatCents(amountCents)} taken on site (${method}), recorded on the desk`,
      now,
      receiptMail(booking, amountCents, method, status, now),
      false,
      true,
    );
    return { reference: booking.reference, payment: { ...status, online: paymentsOn() } };
  });
}

export async function resendPayLink(db: Database, reference: string, now: Date) {
  const secret = linkSecret();
  if (!paymentsOn() || !secret) throw new HttpError(409, "Payments online are not switched on (docs/deploy.md).");
  return db.transaction(async (tx) => {
    const booking = await clientBooking(tx, reference, now);
    if (booking.status !== "booked" && booking.status !== "pending") {
      throw new HttpError(409, "This booking is no longer held: nothing is due.");
    }
    const due = dueCents(await paymentStatus(tx, booking.reference));
    if (due === 0) throw new HttpError(409, "Nothing is due on this booking.");
    await recordChange(
      tx,
      `resend-pay-${booking.reference}-${now.getTime()}`,
      booking,
      `"pay now" link for ${formatCents(due)} sent again by the office`,
      now,
      payNowMail(booking, payLink(secret, booking.reference, now.getTime()), due),
      false,
      true,
    );
    return { reference: booking.reference, dueCents: due };
  });
}
