/**
 * The refund of a cancellation: what availability.yaml's refund rule gives back of what was paid
 * online (refund-rule.ts), through Stripe's refund API, in the transaction that cancels the booking
 * and holds its row, so two cancels racing refund once: the second finds the booking cancelled.
 * Each refund is asked with an idempotency key of the booking and the payment, so a transaction
 * that fails after Stripe refunded and is tried again gets the same refund back, never a second.
 * A move keeps the payment: only a cancellation calls this. Money taken on site is the office's
 * to hand back, as before.
 */
import { availability } from "../../../lib/business-data";
import { formatCents } from "../../../lib/format";
import { refundCents } from "../shared/refund-rule";
import type { Queryable } from "../../../lib/server/db/queryable";
import { insertPayment, paymentsOf } from "./payment-queries";
import { stripeClient } from "./stripe-client";

export interface CancellationRefund {
  refundedCents: number;
  /** What was paid online and is kept under the policy. */
  keptCents: number;
}

/** What a refund reads of the booking cancelled (its own fields, so this module stays below booking). */
interface CancelledBooking {
  reference: string;
  start: string;
}

export async function refundCancellation(
  tx: Queryable,
  booking: CancelledBooking,
  now: Date,
): Promise<CancellationRefund> {
  const payments = await paymentsOf(tx, booking.reference);
  const online = payments.filter((each) => each.kind === "payment" && each.method === "online" && each.paymentIntent);
  const refunded = payments.filter((each) => each.kind === "refund").reduce((sum, each) => sum + each.amountCents, 0);
  const paidOnline = online.reduce((sum, each) => sum + each.amountCents, 0) - refunded;
  if (paidOnline <= 0) return { refundedCents: 0, keptCents: 0 };
  const stripe = stripeClient();
  if (!stripe) {
    console.error(`[refund] ${booking.reference} was paid online, and payments are switched off: refund it by hand`);
    return { refundedCents: 0, keptCents: 0 };
  }
  let remaining = refundCents(paidOnline, Date.parse(booking.start), now.getTime(), availability.cancellation.refund);
  const total = remaining;
  for (const payment of online) {
    if (remaining === 0) break;
    const amount = Math.min(remaining, payment.amountCents);
    const refund = await stripe.refunds.create(
      { payment_intent: payment.paymentIntent!, amount, metadata: { booking: booking.reference } },
      { idempotencyKey: `refund-${booking.reference}-${payment.paymentIntent}` },
    );
    await insertPayment(
      tx,
      booking.reference,
      {
        kind: "refund",
        method: "online",
        amountCents: amount,
        stripeId: refund.id,
        paymentIntent: payment.paymentIntent,
        recordedBy: "cancellation",
      },
      now.toISOString(),
    );
    remaining -= amount;
  }
  return { refundedCents: total, keptCents: paidOnline - total };
}

/** What the business's e-mail of the cancellation adds about the money. */
export const refundNote = ({ refundedCents, keptCents }: CancellationRefund) =>
  refundedCents + keptCents === 0
    ? ""
    : `; refunded ${formatCents(refundedCents)} online${keptCents ? `, kept ${formatCents(keptCents)}` : ""}`;

/** The lines a cancellation e-mail adds about the money: what is refunded, and when it reaches them. */
export function refundLines(refundedCents: number, keptCents: number, reachesYouIn: string): string[] {
  if (refundedCents === 0 && keptCents === 0) return [];
  if (refundedCents === 0)
    return [`Under our cancellation policy the ${formatCents(keptCents)} you paid is not refunded.`, ""];
  return [
    `We are refunding ${formatCents(refundedCents)} to the card you paid with${keptCents > 0 ? ` (${formatCents(keptCents)} is kept under our cancellation policy)` : ""}. It reaches you in ${reachesYouIn}.`,
    "",
  ];
}
