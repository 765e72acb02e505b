/**
 * Where a booking's payment stands, in words, from the cents of payment-status.ts: the one sentence
 * the booking's page, the desk, the CSV and the owner's calendar feed all show, so they agree to the cent.
 */
import { formatCents } from "../../../lib/text/format";

/** not-asked: paid at the inspection; nothing-due: the booking is not going ahead, so nothing is owed. */
export type PaymentState = "not-asked" | "unpaid" | "part-paid" | "paid" | "nothing-due";

export interface PaymentFigures {
  state: PaymentState;
  quotedCents: number;
  /** Every payment received. */
  paidCents: number;
  /** Refunds made, and those owed and on their way. */
  refundedCents: number;
  /** Of refundedCents, what is owed and not made yet. */
  refundingCents: number;
  /** Still to pay: quoted less what is kept; nothing once the booking is not going ahead. */
  balanceCents: number;
  /** Booked or held: a cancelled booking, or a hold that lapsed, owes nothing. */
  live: boolean;
}

/** The state as the desk and the CSV say it. */
export const PAYMENT_STATE_WORDS: Record<PaymentState, string> = {
  "not-asked": "paid at the inspection",
  unpaid: "not paid",
  "part-paid": "part paid",
  paid: "paid",
  "nothing-due": "nothing due",
};

export const keptCents = ({ paidCents, refundedCents }: Pick<PaymentFigures, "paidCents" | "refundedCents">) =>
  paidCents - refundedCents;

const refundWords = ({ refundedCents, refundingCents }: PaymentFigures) =>
  refundingCents === 0
    ? `${formatCents(refundedCents)} refunded`
    : refundingCents === refundedCents
      ? `${formatCents(refundedCents)} being refunded`
      : `${formatCents(refundedCents)} refunded (${formatCents(refundingCents)} of it on its way)`;

export function paymentText(figures: PaymentFigures): string {
  const { state, quotedCents, paidCents, refundedCents, balanceCents } = figures;
  const kept = keptCents(figures);
  const refunds = refundedCents > 0 ? ` ${refundWords(figures)} of ${formatCents(paidCents)} paid.` : "";
  if (state === "nothing-due") {
    if (paidCents === 0) return "Nothing was paid, and nothing is due.";
    if (kept === 0) return `${refundWords(figures)}: all that was paid. Nothing is due.`;
    const refunded = refundedCents > 0 ? `${refundWords(figures)}; ` : "";
    return `${refunded}${formatCents(kept)} kept under the cancellation policy. Nothing is due.`;
  }
  if (state === "not-asked") return "Paid at the inspection.";
  if (state === "paid") return `Paid in full: ${formatCents(kept)}.${refunds}`;
  if (state === "part-paid") {
    return `Paid ${formatCents(kept)} of ${formatCents(quotedCents)}; ${formatCents(balanceCents)} still to pay.${refunds}`;
  }
  return `Not paid yet: ${formatCents(balanceCents)}.${refunds}`;
}
