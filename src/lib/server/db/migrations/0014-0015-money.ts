/**
 * Migrations 0014 and 0015 (their order and rules: ../migrations.ts): what a booking owes, kept on
 * the booking; the Checkout Sessions the pay link opened; the refunds owed, recorded in the
 * transaction that owes them and made after it; and a key for each payment the desk records.
 */
import type { Migration } from "./migration";

export const MONEY: readonly Migration[] = [
  {
    name: "0014-quoted-on-the-booking",
    sql: `
  -- What the booking costs, in cents, from the server's own quote when it was made; a move that
  -- changes the job changes it. Nullable: a release before this one still inserts bookings without
  -- it, and those are read from their request's quote (payment-ledger/payment-status.ts).
  ALTER TABLE bookings ADD COLUMN quoted_cents integer CHECK (quoted_cents >= 0);
  UPDATE bookings AS b SET quoted_cents = round((r.record #>> '{quote,total}')::numeric * 100)
    FROM requests AS r
    WHERE r.reference = b.reference AND b.quoted_cents IS NULL AND (r.record #>> '{quote,total}') IS NOT NULL;
  `,
  },
  {
    name: "0015-sessions-refunds-desk-keys",
    sql: `
  -- Each Checkout Session the pay link asked Stripe for: one open per booking and amount, reused
  -- while it is open. The row is written before Stripe is asked, and its id is the request's
  -- idempotency key, so two tabs opening the link at once get one session.
  CREATE TABLE checkout_sessions (
    id bigserial PRIMARY KEY,
    booking text NOT NULL REFERENCES bookings (reference) ON DELETE CASCADE,
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL,
    -- Stripe's cs_ id and page, once Stripe has answered.
    stripe_id text UNIQUE,
    url text,
    -- open: payable; processing: paid by a delayed method, not yet settled; paid; failed: the
    -- delayed payment failed; expired: by Stripe at expires_at, or by us when the booking stopped
    -- being live.
    state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'processing', 'paid', 'failed', 'expired'))
  );
  CREATE INDEX checkout_sessions_open ON checkout_sessions (booking) WHERE state = 'open';

  -- A refund owed: written, with its amount, in the transaction that owes it (a cancellation, a
  -- payment on a booking that is not live, a payment past the balance); made after it commits, with
  -- its id as Stripe's idempotency key. No foreign key: money owed outlives the booking's record.
  CREATE TABLE refunds_owed (
    id bigserial PRIMARY KEY,
    booking text NOT NULL,
    payment_intent text NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    reason text NOT NULL CHECK (reason IN ('cancelled', 'not-live', 'over-balance')),
    -- Why, in the owner's words: "paid after the booking was cancelled".
    why text NOT NULL,
    owed_at timestamptz NOT NULL,
    -- Set once Stripe has made it (the refund is then in payments too), or found nothing left to refund.
    made_at timestamptz,
    stripe_refund_id text UNIQUE,
    made_cents integer,
    tries integer NOT NULL DEFAULT 0,
    last_error text,
    -- Set when Stripe refused it for good: the desk lists it for the owner to settle by hand.
    stuck_at timestamptz
  );
  CREATE INDEX refunds_owed_due ON refunds_owed (owed_at) WHERE made_at IS NULL;
  CREATE INDEX refunds_owed_booking ON refunds_owed (booking);

  -- The desk's key of a payment it recorded: the same action sent twice records it once.
  ALTER TABLE payments ADD COLUMN desk_key text UNIQUE;
  `,
  },
];
