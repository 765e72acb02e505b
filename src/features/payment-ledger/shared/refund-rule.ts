/**
 * The refund rule of availability.yaml's cancellation block: how much of what was paid online a
 * cancellation gives back, and the sentence the cancellation policy page and the e-mails state it in.
 * One function decides the amount, so the page, the refund and the e-mail never disagree.
 */
export interface RefundRule {
  fullRefundHours: number;
  lateRefundPercent: number;
  reachesYouIn: string;
}

/** The rule as the cancellation policy page states it. */
export function refundSentence({ fullRefundHours, lateRefundPercent, reachesYouIn }: RefundRule): string {
  const later =
    lateRefundPercent === 0
      ? "later, it is not refunded"
      : lateRefundPercent === 100
        ? "later, it is refunded in full too"
        : `later, ${lateRefundPercent}% of it is refunded`;
  return `If you paid online: when you cancel at least ${fullRefundHours} hours before the start, all you paid is refunded; ${later}. A refund goes back to the card you paid with and reaches you in ${reachesYouIn}. A move keeps your payment.`;
}

/** The cents given back of `paidCents` for a cancellation at `now` of a visit starting at `start` (both ms). */
export function refundCents(paidCents: number, start: number, now: number, rule: RefundRule): number {
  const hoursBefore = (start - now) / 3_600_000;
  const percent = hoursBefore >= rule.fullRefundHours ? 100 : rule.lateRefundPercent;
  // Rounded down to the cent: never more than the policy gives.
  return Math.floor((paidCents * percent) / 100);
}
