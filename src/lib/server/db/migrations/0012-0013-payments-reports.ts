/**
 * Migrations 0012 and 0013 (their order and rules: ../migrations.ts): payments and Stripe's
 * events, and the inspection reports with their downloads and the stored files let go.
 */
import type { Migration } from "./migration";

export const PAYMENTS_REPORTS: readonly Migration[] = [
  {
    name: "0012-payments",
    sql: `
  -- Money moved for a booking: a payment online (recorded only from Stripe's signed webhook), one
  -- taken on site and recorded on the desk, or a refund. Amounts in cents, always positive; a
  -- refund counts against what was paid.
  CREATE TABLE payments (
    id bigserial PRIMARY KEY,
    booking text NOT NULL REFERENCES bookings (reference) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
    method text NOT NULL CHECK (method IN ('online', 'cash', 'check', 'card-terminal')),
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    -- Stripe's id of what moved the money (the Checkout Session of a payment, the refund), once each:
    -- a webhook applied twice, or a refund asked twice, records it once.
    stripe_id text UNIQUE,
    -- The PaymentIntent a refund is made against.
    payment_intent text,
    recorded_at timestamptz NOT NULL,
    -- "stripe", "desk" (the owner), or "cancellation" for a refund.
    recorded_by text NOT NULL
  );
  CREATE INDEX payments_booking ON payments (booking, recorded_at);

  -- Each of Stripe's events applied, by its id: a replay finds its id here and changes nothing.
  CREATE TABLE payment_events (
    id text PRIMARY KEY,
    type text NOT NULL,
    received_at timestamptz NOT NULL
  );
  `,
  },
  {
    name: "0013-reports",
    sql: `
  -- The inspection report of a booking (report/): the file is in the report store (a bucket, or the
  -- data folder on one machine) under object_key; the row says it is there, its size, and when it
  -- was uploaded. It has no foreign key to its booking: it is kept with the signed agreement, which
  -- outlives the booking (agreement_visits), and goes in the retention pass with whichever of the
  -- two goes last (report/report-retention.ts). released_at: the owner let the client have it
  -- before the agreement was signed or the balance paid, and who did.
  CREATE TABLE reports (
    booking text PRIMARY KEY,
    object_key text NOT NULL UNIQUE,
    size_bytes bigint NOT NULL CHECK (size_bytes > 0),
    uploaded_at timestamptz NOT NULL,
    uploaded_by text NOT NULL,
    released_at timestamptz,
    released_by text
  );

  -- Every download of a report: who (the client, the agent the client named, the owner), when.
  CREATE TABLE report_downloads (
    booking text NOT NULL REFERENCES reports (booking) ON DELETE CASCADE,
    who text NOT NULL CHECK (who IN ('client', 'agent', 'owner')),
    downloaded_at timestamptz NOT NULL
  );
  CREATE INDEX report_downloads_booking ON report_downloads (booking, downloaded_at);

  -- Stored files whose record has gone (deleted by the retention pass, or replaced by a new upload):
  -- each is deleted from the store after the transaction that let it go, and tried again on the
  -- next pass if the store did not answer, so no file outlives its record for long.
  CREATE TABLE report_objects_gone (
    object_key text PRIMARY KEY,
    gone_at timestamptz NOT NULL
  );
  `,
  },
];
