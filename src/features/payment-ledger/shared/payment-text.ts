/**
 * Where a booking's payment stands, in words, from the cents of payment-status.ts: one sentence
 * that the booking's page, the desk and the owner's calendar feed all show, so they agree to the cent.
 */
import { formatCents } from "../../../lib/format";

export interface PaymentFigures {
  state: "not-asked" | "unpaid" | "part-paid" | "paid" | "refunded";
  quotedCents: number;
  paidCents: number;
  refundedCents: number;
  balanceCents: number;
}

export function paymentText({ state, quotedCents, paidCents, refundedCents, balanceCents }: PaymentFigures): string {
  const kept = paidCents - refundedCents;
  if (state === "not-asked") return "Paid at the inspection.";
  if (state === "paid") return `Paid in full: ${formatCents(kept)}.`;
  if (state === "refunded") return `Refunded: ${formatCents(refundedCents)} of the ${formatCents(paidCents)} paid.`;
  if (state === "part-paid") {
    return `Paid ${formatCents(kept)} of ${formatCents(quotedCents)}; ${formatCents(balanceCents)} still to pay.`;
  }
  return `Not paid yet: ${formatCents(balanceCents)}.`;
}
