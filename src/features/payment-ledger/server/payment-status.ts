/**
 * Where a booking's payment stands, from the booking's quote (the server's own, stored with its
 * request when it was booked) and the payments recorded with it. The desk, the CSV, the owner's
 * feed, the booking's page, its e-mails and the report's release all read it from here, so they
 * agree to the cent.
 */
import { pricing } from "../../../lib/business-data";
import type { Queryable } from "../../../lib/server/db/queryable";
import { findRequest } from "../../../lib/server/mail/outbox";
import { paymentsOf } from "./payment-queries";
import { paymentsOn } from "./stripe-client";

export type PaymentState = "not-asked" | "unpaid" | "part-paid" | "paid" | "refunded";

export interface PaymentStatus {
  state: PaymentState;
  quotedCents: number;
  paidCents: number;
  refundedCents: number;
  /** quoted - paid + refunded, never below 0. */
  balanceCents: number;
}

/** The booking's quote in cents, as the server priced it when it was booked (0 when its request is gone). */
export async function quotedCentsOf(q: Queryable, bookingId: string): Promise<number> {
  const record = (await findRequest(q, bookingId))?.record as { quote?: { total?: number } } | undefined;
  return Math.round((record?.quote?.total ?? 0) * 100);
}

/** Whether the site asks clients to pay online: payments switched on, and the owner asks for something. */
export const onlinePaymentAsked = (env?: NodeJS.ProcessEnv) => paymentsOn(env) && pricing.onlinePayment.ask !== "none";

export async function paymentStatus(q: Queryable, bookingId: string): Promise<PaymentStatus> {
  const quotedCents = await quotedCentsOf(q, bookingId);
  const payments = await paymentsOf(q, bookingId);
  const sum = (kind: "payment" | "refund") =>
    payments.filter((each) => each.kind === kind).reduce((total, each) => total + each.amountCents, 0);
  const paidCents = sum("payment");
  const refundedCents = sum("refund");
  const balanceCents = Math.max(0, quotedCents - paidCents + refundedCents);
  const kept = paidCents - refundedCents;
  const state: PaymentState =
    payments.length === 0 && !onlinePaymentAsked()
      ? "not-asked"
      : refundedCents > 0 && kept <= 0
        ? "refunded"
        : paidCents === 0
          ? "unpaid"
          : balanceCents === 0
            ? "paid"
            : "part-paid";
  return { state, quotedCents, paidCents, refundedCents, balanceCents };
}

/** What a new booking of this quote is asked to pay online: the whole fee, the deposit (never above the fee), or nothing. */
export function askedAtBooking(quotedCents: number): number {
  const { ask, depositDollars } = pricing.onlinePayment;
  if (ask === "full") return quotedCents;
  if (ask === "deposit") return Math.min(quotedCents, (depositDollars ?? 0) * 100);
  return 0;
}

/**
 * What the "pay now" link asks for: the deposit still missing while the owner asks a deposit and
 * less than it has been kept, else the balance.
 */
export function dueCents(status: PaymentStatus): number {
  const kept = status.paidCents - status.refundedCents;
  const { ask, depositDollars } = pricing.onlinePayment;
  if (ask === "deposit" && depositDollars && kept < depositDollars * 100) {
    return Math.min(status.balanceCents, depositDollars * 100 - kept);
  }
  return status.balanceCents;
}
