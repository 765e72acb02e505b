/**
 * Where a booking's payment stands, on its own page: paid, part paid, refunded, or due with its
 * "pay now" link to Stripe's page (/api/pay, src/features/payments/server/checkout.ts); without online
 * payment, "pay at the inspection". Back from Stripe, the page says the payment is being confirmed
 * until Stripe's webhook has recorded it: the return alone proves nothing.
 */
import React from "react";
import type { BookingPayment as Payment } from "../shared/managed-booking";
import { formatCents } from "../../../lib/text/format";
import { paymentText } from "../../payment-ledger/shared";
import { buttonStyles } from "../../../components/ui/button";

interface BookingPaymentProps {
  payment: Payment;
  token: string;
  /** Back from Stripe's page after paying, before the payment is recorded here. */
  confirming: boolean;
}

export function BookingPayment({ payment, token, confirming }: BookingPaymentProps) {
  return (
    <section aria-labelledby="payment-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="payment-heading" className="text-xl font-semibold text-slate-900">
        Payment
      </h2>
      <p className="mt-2 text-slate-800" role="status">
        {confirming
          ? "Your payment is being confirmed with our payment provider. This page updates by itself in a moment."
          : payment.state === "not-asked"
            ? "You pay at the inspection."
            : paymentText(payment)}
      </p>
      {!confirming && payment.dueCents > 0 && (
        <a href={`/api/pay?token=${encodeURIComponent(token)}`} className={`${buttonStyles()} mt-4`}>
          Pay {formatCents(payment.dueCents)} now
        </a>
      )}
    </section>
  );
}
