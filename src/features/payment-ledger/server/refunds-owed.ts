/**
 * Refunds owed (the table refunds_owed): recorded with their amount in the transaction that owes
 * them, and made by payments/server/refund-pass.ts after it has committed, never inside it. What a
 * payment can still give back counts every refund of it, made here, owed, or made in Stripe's
 * dashboard (recorded from its refund.created event).
 */
import { availability } from "../../../lib/content/business-data";
import { formatCents } from "../../../lib/text/format";
import type { Queryable } from "../../../lib/server/db/queryable";
import { refundCents } from "../shared/refund-rule";

export type RefundReason = "cancelled" | "not-live" | "over-balance";

export interface OwedRefund {
  id: number;
  booking: string;
  paymentIntent: string;
  amountCents: number;
  reason: RefundReason;
  why: string;
  owedAt: string;
  madeAt: string | null;
  madeCents: number | null;
  tries: number;
  lastError: string | null;
  stuckAt: string | null;
}

interface OwedRow extends Record<string, unknown> {
  id: string | number;
  booking: string;
  payment_intent: string;
  amount_cents: number;
  reason: RefundReason;
  why: string;
  owed_at: Date;
  made_at: Date | null;
  made_cents: number | null;
  tries: number;
  last_error: string | null;
  stuck_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const fromRow = (row: OwedRow): OwedRefund => ({
  id: Number(row.id),
  booking: row.booking,
  paymentIntent: row.payment_intent,
  amountCents: row.amount_cents,
  reason: row.reason,
  why: row.why,
  owedAt: iso(row.owed_at)!,
  madeAt: iso(row.made_at),
  madeCents: row.made_cents,
  tries: row.tries,
  lastError: row.last_error,
  stuckAt: iso(row.stuck_at),
});

/** What each online payment of a booking can still give back: paid, less its refunds made and owed. */
export async function refundableByIntent(
  tx: Queryable,
  booking: string,
): Promise<Array<{ paymentIntent: string; cents: number }>> {
  const rows = await tx.query<{ payment_intent: string; cents: number }>(
    `SELECT p.payment_intent,
            (sum(p.amount_cents) FILTER (WHERE p.kind = 'payment')
             - coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'refund'), 0)
             - coalesce((SELECT sum(o.amount_cents) FROM refunds_owed AS o
                         WHERE o.payment_intent = p.payment_intent AND o.made_at IS NULL), 0))::integer AS cents
     FROM payments AS p
     WHERE p.booking = $1 AND p.method = 'online' AND p.payment_intent IS NOT NULL
     GROUP BY p.payment_intent ORDER BY min(p.recorded_at), p.payment_intent`,
    [booking],
  );
  return rows.filter((row) => row.cents > 0).map((row) => ({ paymentIntent: row.payment_intent, cents: row.cents }));
}

/** Records a refund owed; its id is the idempotency key it is made with. */
export async function oweRefund(
  tx: Queryable,
  refund: Pick<OwedRefund, "booking" | "paymentIntent" | "amountCents" | "reason" | "why">,
  now: string,
): Promise<number> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO refunds_owed (booking, payment_intent, amount_cents, reason, why, owed_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [refund.booking, refund.paymentIntent, refund.amountCents, refund.reason, refund.why, now],
  );
  return Number(row!.id);
}

export interface CancellationRefund {
  refundedCents: number;
  /** What was paid online and is kept under the policy. */
  keptCents: number;
}

/** What the policy refunds of what was paid online if the booking were cancelled at `now`. */
export async function cancellationRefundAt(
  q: Queryable,
  booking: { reference: string; start: string },
  now: Date,
): Promise<CancellationRefund> {
  const paid = (await refundableByIntent(q, booking.reference)).reduce((sum, each) => sum + each.cents, 0);
  const refunded = refundCents(paid, Date.parse(booking.start), now.getTime(), availability.cancellation.refund);
  return { refundedCents: refunded, keptCents: paid - refunded };
}

/**
 * A cancellation's refund: the policy's share of what was paid online, its amount fixed now and
 * owed against the payments in the order they were made. Made after the cancel has committed.
 */
export async function oweCancellationRefund(
  tx: Queryable,
  booking: { reference: string; start: string },
  now: Date,
): Promise<CancellationRefund> {
  const refund = await cancellationRefundAt(tx, booking, now);
  let remaining = refund.refundedCents;
  for (const payment of await refundableByIntent(tx, booking.reference)) {
    if (remaining === 0) break;
    const amountCents = Math.min(remaining, payment.cents);
    await oweRefund(
      tx,
      {
        booking: booking.reference,
        paymentIntent: payment.paymentIntent,
        amountCents,
        reason: "cancelled",
        why: "the booking was cancelled",
      },
      now.toISOString(),
    );
    remaining -= amountCents;
  }
  return refund;
}

/** The refunds not made yet, oldest first, but those Stripe refused for good. */
export async function refundsToMake(db: Queryable, booking?: string, limit = 50): Promise<OwedRefund[]> {
  const rows = await db.query<OwedRow>(
    `SELECT * FROM refunds_owed WHERE made_at IS NULL AND stuck_at IS NULL AND ($1::text IS NULL OR booking = $1)
     ORDER BY owed_at, id LIMIT $2`,
    [booking ?? null, limit],
  );
  return rows.map(fromRow);
}

/**
 * Fixes the amount a refund is asked of Stripe with, before it is first asked: a retry sends the same
 * amount with the same key. Returns the amount fixed (by this call or an earlier one).
 */
export async function fixAskedAmount(db: Queryable, id: number, cents: number): Promise<number> {
  const [row] = await db.query<{ made_cents: number }>(
    "UPDATE refunds_owed SET made_cents = coalesce(made_cents, $2) WHERE id = $1 RETURNING made_cents",
    [id, cents],
  );
  return row!.made_cents;
}

/** Marks a refund made: Stripe's refund id, or none when nothing was left to refund. */
export async function markRefundMade(
  tx: Queryable,
  id: number,
  made: { stripeRefundId: string | null; cents: number },
  now: string,
): Promise<OwedRefund | null> {
  const [row] = await tx.query<OwedRow>(
    `UPDATE refunds_owed SET made_at = $2, stripe_refund_id = $3, made_cents = $4, last_error = NULL
     WHERE id = $1 AND made_at IS NULL RETURNING *`,
    [id, now, made.stripeRefundId, made.cents],
  );
  return row ? fromRow(row) : null;
}

/** Notes a try that failed: tried again by the next pass, or, `stuck`, left for the owner. */
export async function noteRefundFailure(db: Queryable, id: number, error: string, stuck: boolean, now: string) {
  await db.query(
    `UPDATE refunds_owed SET tries = tries + 1, last_error = $2, stuck_at = CASE WHEN $3 THEN $4::timestamptz END
     WHERE id = $1 AND made_at IS NULL`,
    [id, error.slice(0, 500), stuck, now],
  );
}

/** The refunds the owner should know of since `since`: those not of a cancellation, and any Stripe refused. */
export async function refundsForAttention(db: Queryable, since: string): Promise<OwedRefund[]> {
  const rows = await db.query<OwedRow>(
    `SELECT * FROM refunds_owed WHERE (reason <> 'cancelled' AND owed_at >= $1) OR (stuck_at IS NOT NULL AND made_at IS NULL)
     ORDER BY owed_at DESC, id DESC LIMIT 200`,
    [since],
  );
  return rows.map(fromRow);
}

/** The business's e-mail of a cancellation adds this about the money. */
export const refundNote = ({ refundedCents, keptCents }: CancellationRefund) =>
  refundedCents + keptCents === 0
    ? ""
    : `; ${formatCents(refundedCents)} to refund online${keptCents ? `, ${formatCents(keptCents)} kept` : ""}`;

/** The lines a cancellation e-mail adds about the money: what is refunded, and when it reaches them. */
export function refundLines(refundedCents: number, keptCents: number, reachesYouIn: string): string[] {
  if (refundedCents === 0 && keptCents === 0) return [];
  if (refundedCents === 0)
    return [`Under our cancellation policy the ${formatCents(keptCents)} you paid is not refunded.`, ""];
  return [
    `We are refunding ${formatCents(refundedCents)} to the card you paid with${keptCents > 0 ? ` (${formatCents(keptCents)} is kept under our cancellation policy)` : ""}. We will e-mail you the day it is sent; it then reaches you in ${reachesYouIn}.`,
    "",
  ];
}
