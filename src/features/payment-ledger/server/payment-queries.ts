/** The queries of the payments and payment_events tables (migration 0012-payments). */
import type { Queryable } from "../../../lib/server/db/queryable";

export type PaymentMethod = "online" | "cash" | "check" | "card-terminal";

export interface Payment {
  kind: "payment" | "refund";
  method: PaymentMethod;
  amountCents: number;
  stripeId: string | null;
  paymentIntent: string | null;
  recordedAt: string;
  recordedBy: string;
}

export async function paymentsOf(db: Queryable, booking: string): Promise<Payment[]> {
  const rows = await db.query<{
    kind: Payment["kind"];
    method: PaymentMethod;
    amount_cents: number;
    stripe_id: string | null;
    payment_intent: string | null;
    recorded_at: Date;
    recorded_by: string;
  }>(
    `SELECT kind, method, amount_cents, stripe_id, payment_intent, recorded_at, recorded_by
       FROM payments WHERE booking = $1 ORDER BY recorded_at, id`,
    [booking],
  );
  return rows.map((row) => ({
    kind: row.kind,
    method: row.method,
    amountCents: row.amount_cents,
    stripeId: row.stripe_id,
    paymentIntent: row.payment_intent,
    recordedAt: new Date(row.recorded_at).toISOString(),
    recordedBy: row.recorded_by,
  }));
}

/** The payments and refunds of several bookings, oldest first: what a person's data page lists. */
export async function paymentsOfBookings(
  db: Queryable,
  bookings: readonly string[],
): Promise<Array<Pick<Payment, "kind" | "method" | "amountCents" | "recordedAt"> & { booking: string }>> {
  const rows = await db.query<{
    booking: string;
    kind: Payment["kind"];
    method: PaymentMethod;
    amount_cents: number;
    recorded_at: Date;
  }>(
    `SELECT booking, kind, method, amount_cents, recorded_at FROM payments
     WHERE booking = ANY($1::text[]) ORDER BY recorded_at, id`,
    [bookings],
  );
  return rows.map((row) => ({
    booking: row.booking,
    kind: row.kind,
    method: row.method,
    amountCents: row.amount_cents,
    recordedAt: new Date(row.recorded_at).toISOString(),
  }));
}

/**
 * Records a payment or refund; one with a Stripe id, or a desk key, already recorded is not recorded
 * again (false): a webhook applied twice, or the desk's action sent twice.
 */
export async function insertPayment(
  tx: Queryable,
  booking: string,
  payment: Omit<Payment, "recordedAt"> & { deskKey?: string },
  now: string,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO payments (booking, kind, method, amount_cents, stripe_id, payment_intent, recorded_at, recorded_by, desk_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      booking,
      payment.kind,
      payment.method,
      payment.amountCents,
      payment.stripeId,
      payment.paymentIntent,
      now,
      payment.recordedBy,
      payment.deskKey ?? null,
    ],
  );
  return rows.length === 1;
}

/** Marks one of Stripe's events applied; false when it already was (a replay). */
export async function claimEvent(tx: Queryable, id: string, type: string, now: string): Promise<boolean> {
  const rows = await tx.query(
    "INSERT INTO payment_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id",
    [id, type, now],
  );
  return rows.length === 1;
}

/** The booking an online payment (its PaymentIntent) was recorded with, or null. */
export async function bookingOfIntent(db: Queryable, paymentIntent: string): Promise<string | null> {
  const [row] = await db.query<{ booking: string }>(
    "SELECT booking FROM payments WHERE payment_intent = $1 AND kind = 'payment' LIMIT 1",
    [paymentIntent],
  );
  return row?.booking ?? null;
}
