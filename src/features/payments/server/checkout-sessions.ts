/** The queries of checkout_sessions (migration 0015): the Checkout Sessions the pay link opened. */
import type { Queryable } from "../../../lib/server/db/queryable";

export type SessionState = "open" | "processing" | "paid" | "failed" | "expired";

export interface CheckoutSessionRow {
  id: number;
  booking: string;
  amountCents: number;
  expiresAt: string;
  stripeId: string | null;
  url: string | null;
  state: SessionState;
}

interface Row extends Record<string, unknown> {
  id: string | number;
  booking: string;
  amount_cents: number;
  expires_at: Date;
  stripe_id: string | null;
  url: string | null;
  state: SessionState;
}

const fromRow = (row: Row): CheckoutSessionRow => ({
  id: Number(row.id),
  booking: row.booking,
  amountCents: row.amount_cents,
  expiresAt: new Date(row.expires_at).toISOString(),
  stripeId: row.stripe_id,
  url: row.url,
  state: row.state,
});

/**
 * The booking's open session for this amount that stays open past `until`: the one to send the
 * client to (its page once Stripe made it, or its row while another request is asking Stripe).
 */
export async function openSession(
  tx: Queryable,
  booking: string,
  amountCents: number,
  until: string,
): Promise<CheckoutSessionRow | null> {
  const [row] = await tx.query<Row>(
    `SELECT * FROM checkout_sessions WHERE booking = $1 AND amount_cents = $2 AND state = 'open' AND expires_at > $3
     ORDER BY id DESC LIMIT 1`,
    [booking, amountCents, until],
  );
  return row ? fromRow(row) : null;
}

export async function insertSession(
  tx: Queryable,
  session: { booking: string; amountCents: number; expiresAt: string },
  now: string,
): Promise<CheckoutSessionRow> {
  const [row] = await tx.query<Row>(
    `INSERT INTO checkout_sessions (booking, amount_cents, expires_at, created_at) VALUES ($1, $2, $3, $4) RETURNING *`,
    [session.booking, session.amountCents, session.expiresAt, now],
  );
  return fromRow(row!);
}

/** Stripe's id and page for the row, once Stripe has answered (the same, whichever request asked). */
export async function setStripeSession(db: Queryable, id: number, stripeId: string, url: string): Promise<void> {
  await db.query("UPDATE checkout_sessions SET stripe_id = $2, url = $3 WHERE id = $1", [id, stripeId, url]);
}

/** Moves a session on by Stripe's id; a session that ended (paid, failed, expired) stays ended but for a settled delayed payment. */
export async function setSessionState(db: Queryable, stripeId: string, state: SessionState): Promise<void> {
  await db.query(
    `UPDATE checkout_sessions SET state = $2
     WHERE stripe_id = $1 AND (state IN ('open', 'processing') OR (state = 'expired' AND $2 <> 'expired'))`,
    [stripeId, state],
  );
}

/** Open sessions whose booking is no longer live at `now` (cancelled, lapsed, or gone): to be ended at Stripe. */
export async function sessionsToEnd(db: Queryable, now: string, booking?: string): Promise<CheckoutSessionRow[]> {
  const rows = await db.query<Row>(
    `SELECT s.* FROM checkout_sessions AS s LEFT JOIN bookings AS b ON b.reference = s.booking
     WHERE s.state = 'open' AND s.stripe_id IS NOT NULL AND s.expires_at > $1 AND ($2::text IS NULL OR s.booking = $2)
       AND NOT coalesce(b.status = 'booked' OR (b.status = 'pending' AND (b.confirm_by IS NULL OR b.confirm_by > $1)), false)
     ORDER BY s.id LIMIT 50`,
    [now, booking ?? null],
  );
  return rows.map(fromRow);
}
