/**
 * Where bookings' payments stand, from what each booking costs (its quoted_cents) and the money
 * moved for it, in one query for any number of bookings. The desk, the CSV, the owner's feed, the
 * booking's page, its e-mails and the report's release all read it here, so they agree to the cent.
 */
import { pricing } from "../../../lib/content/business-data";
import type { Queryable } from "../../../lib/server/db/queryable";
import { runRead, type Read } from "../../../lib/server/db/one-trip";
import { paymentsOn } from "./stripe-client";
import { keptCents, type PaymentFigures } from "../shared/payment-text";

export type { PaymentState } from "../shared/payment-text";
export type PaymentStatus = PaymentFigures;

/** Whether the site asks clients to pay online: payments switched on, and the owner asks for something. */
export const onlinePaymentAsked = (env?: NodeJS.ProcessEnv) => paymentsOn(env) && pricing.onlinePayment.ask !== "none";

interface StatusRow extends Record<string, unknown> {
  reference: string;
  live: boolean;
  quoted_cents: number;
  paid_cents: number;
  refunded_cents: number;
  refunding_cents: number;
  payments: number;
}

/**
 * A booking is live while booked or held (a hold whose confirm_by has passed is not); a booking
 * written by a release before quoted_cents existed is priced from its request's quote.
 */
const STATUS_SQL = `
  SELECT b.reference,
         (b.status = 'booked' OR (b.status = 'pending' AND (b.confirm_by IS NULL OR b.confirm_by > $2))) AS live,
         coalesce(b.quoted_cents,
                  (SELECT round((r.record #>> '{quote,total}')::numeric * 100)::integer
                   FROM requests AS r WHERE r.reference = b.reference), 0) AS quoted_cents,
         coalesce(p.paid, 0)::integer AS paid_cents,
         (coalesce(p.refunded, 0) + coalesce(o.owed, 0))::integer AS refunded_cents,
         coalesce(o.owed, 0)::integer AS refunding_cents,
         coalesce(p.count, 0)::integer AS payments
  FROM bookings AS b
  LEFT JOIN LATERAL (
    SELECT sum(amount_cents) FILTER (WHERE kind = 'payment') AS paid,
           sum(amount_cents) FILTER (WHERE kind = 'refund') AS refunded, count(*) AS count
    FROM payments WHERE booking = b.reference) AS p ON true
  LEFT JOIN LATERAL (
    SELECT sum(amount_cents) AS owed FROM refunds_owed WHERE booking = b.reference AND made_at IS NULL) AS o ON true
  WHERE b.reference = ANY($1::text[])`;

/** The figures of one booking from its row. */
export function statusOf(row: Omit<StatusRow, "reference">, asked = onlinePaymentAsked()): PaymentStatus {
  const figures = {
    quotedCents: Number(row.quoted_cents),
    paidCents: Number(row.paid_cents),
    refundedCents: Number(row.refunded_cents),
    refundingCents: Number(row.refunding_cents),
    live: Boolean(row.live),
  };
  const kept = keptCents(figures);
  const balanceCents = figures.live ? Math.max(0, figures.quotedCents - kept) : 0;
  const state: PaymentStatus["state"] = !figures.live
    ? "nothing-due"
    : Number(row.payments) === 0 && !asked
      ? "not-asked"
      : kept <= 0
        ? "unpaid"
        : balanceCents === 0
          ? "paid"
          : "part-paid";
  return { state, ...figures, balanceCents };
}

/** Where each of `references` stands, as a read to run with others (one-trip.ts); a reference that is no booking is left out. */
export const paymentStatusesRead = (references: readonly string[], now: Date): Read<Map<string, PaymentStatus>> => ({
  sql: STATUS_SQL,
  params: [references, now.toISOString()],
  rows: (rows) => {
    const asked = onlinePaymentAsked();
    return new Map((rows as StatusRow[]).map((row) => [row.reference, statusOf(row, asked)]));
  },
});

/** Where each of `references` stands, in one query; a reference that is no booking is left out. */
export async function paymentStatuses(
  q: Queryable,
  references: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PaymentStatus>> {
  return references.length ? runRead(q, paymentStatusesRead(references, now)) : new Map();
}

export async function paymentStatus(q: Queryable, reference: string, now: Date = new Date()): Promise<PaymentStatus> {
  return (
    (await paymentStatuses(q, [reference], now)).get(reference) ??
    statusOf({ live: false, quoted_cents: 0, paid_cents: 0, refunded_cents: 0, refunding_cents: 0, payments: 0 })
  );
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
 * less than it has been kept, else the balance; nothing on a booking that is not live.
 */
export function dueCents(status: PaymentStatus): number {
  if (!status.live) return 0;
  const kept = keptCents(status);
  const { ask, depositDollars } = pricing.onlinePayment;
  if (ask === "deposit" && depositDollars && kept < depositDollars * 100) {
    return Math.min(status.balanceCents, depositDollars * 100 - kept);
  }
  return status.balanceCents;
}
