/**
 * The schema, as named migrations applied in the order listed when the database is opened
 * (migrate.ts). A released migration is never edited: a change is a new one.
 *
 * Expand, then contract. A migration only adds by default (a table, a nullable column or one
 * with a default, an index, a looser check), so the release before it still runs on the database
 * it leaves: a rollback keeps booking. A migration that removes or changes what released code
 * reads or writes (a drop, a rename, NOT NULL without a default, a tighter check) is declared
 * `breaking`, with what older code can no longer do, and comes in a later release than the code
 * that stopped relying on it; code that finds a breaking migration it does not know refuses to
 * open the database, saying so, where it would otherwise fail request by request.
 */
export interface Migration {
  /** Unique and never changed: "NNNN-what-it-adds". */
  name: string;
  sql: string;
  /** What code released before this migration can no longer do on the database it leaves; absent when it only adds. */
  breaking?: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: "0001-requests-deliveries-bookings",
    sql: `
  CREATE EXTENSION IF NOT EXISTS btree_gist;

  -- Every accepted request: a schedule request or booking, a message, a change to a booking.
  CREATE TABLE requests (
    reference text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('schedule-requests', 'contact-messages', 'booking-changes')),
    -- A retry with the same Idempotency-Key, on any server, finds this row and gets its answer.
    idempotency_key text,
    -- A hash of the validated fields: the same key with other fields is another request (422).
    fingerprint text,
    received_at timestamptz NOT NULL,
    record jsonb NOT NULL,
    -- json, not jsonb: a repeat of the key is answered with the very text of the first answer.
    answer json NOT NULL,
    UNIQUE (kind, idempotency_key)
  );

  -- Each e-mail of a request, and where its delivery stands.
  CREATE TABLE deliveries (
    reference text NOT NULL REFERENCES requests (reference) ON DELETE CASCADE,
    message text NOT NULL,
    -- The mailbox it goes to (mailbox-address.ts), for the confirmations limit.
    mailbox text NOT NULL,
    mail jsonb NOT NULL,
    -- smtp: sent through SMTP_URL; local: kept here for the local mail view (no SMTP_URL).
    transport text NOT NULL CHECK (transport IN ('smtp', 'local')),
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    refusals integer NOT NULL DEFAULT 0,
    last_error text,
    due_at timestamptz NOT NULL,
    -- The sender that holds it, until when: a sender that died is replaced after the lease.
    claim text,
    claimed_until timestamptz,
    sent_at timestamptz,
    created_at timestamptz NOT NULL,
    position integer NOT NULL,
    PRIMARY KEY (reference, message)
  );
  CREATE INDEX deliveries_due ON deliveries (due_at) WHERE state = 'pending';
  CREATE INDEX deliveries_mailbox ON deliveries (mailbox, created_at);

  -- A booking holds one inspector over a range of time: travel there, the job, travel back and the
  -- buffer. The constraint, not the code, refuses two live bookings of one inspector that overlap,
  -- whatever the hours, the step between starts or the number of inspectors become.
  CREATE TABLE bookings (
    -- Checked when the transaction commits: a booking is made before its request is written, in one transaction.
    reference text PRIMARY KEY REFERENCES requests (reference) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    inspector integer NOT NULL CHECK (inspector >= 1),
    start_at timestamptz NOT NULL,
    on_site_minutes integer NOT NULL CHECK (on_site_minutes > 0),
    during tstzrange NOT NULL CHECK (NOT isempty(during)),
    -- pending: held until it is confirmed from the e-mailed link, by confirm_by; booked: confirmed;
    -- expired: never confirmed; cancelled.
    status text NOT NULL CHECK (status IN ('pending', 'booked', 'cancelled', 'expired')),
    -- Set when the confirmation e-mail is delivered: the window counts from then, so a mail outage
    -- never costs a visitor their time.
    confirm_by timestamptz,
    -- The window the owner's settings gave it when it was booked.
    confirm_within_minutes integer NOT NULL CHECK (confirm_within_minutes > 0),
    mailbox text NOT NULL,
    phone text NOT NULL,
    property text NOT NULL,
    job jsonb NOT NULL,
    owner_event jsonb NOT NULL,
    moves integer NOT NULL DEFAULT 0,
    -- The invite's SEQUENCE: raised by every move and the cancel, so calendars take the change.
    sequence integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT bookings_no_overlap EXCLUDE USING gist (inspector WITH =, during WITH &&)
      WHERE (status IN ('pending', 'booked'))
  );
  CREATE INDEX bookings_live_during ON bookings USING gist (during) WHERE status IN ('pending', 'booked');
  CREATE INDEX bookings_start ON bookings (start_at);
  CREATE INDEX bookings_mailbox ON bookings (mailbox) WHERE status IN ('pending', 'booked');
  CREATE INDEX bookings_phone ON bookings (phone) WHERE status IN ('pending', 'booked');
  CREATE INDEX bookings_property ON bookings (property) WHERE status IN ('pending', 'booked');
  `,
  },
  {
    name: "0002-agreements-reminders",
    sql: `
  -- The inspection agreement a client signed online (booking/agreement.ts). A row is the record of
  -- a signature, kept as signed: the exact text, its hash and version, who, when, from where.
  -- Maryland requires contracts kept 5 years from delivery (BOP 16-4A-05): the row names its booking
  -- but does not hang on it, so nothing that removes a booking or request removes the contract.
  CREATE TABLE agreements (
    booking text NOT NULL,
    -- What the signature covers: a hash of the services and the fee. A moved booking keeps its
    -- signature; a booking whose services or fee changed needs a new one.
    terms text NOT NULL,
    -- The agreement's version: a short hash of content/agreement.md as built.
    version text NOT NULL,
    -- The text the client read and signed, filled in for the booking, and its SHA-256 (hex).
    body text NOT NULL,
    body_sha256 text NOT NULL,
    signer_name text NOT NULL,
    signed_at timestamptz NOT NULL,
    client_address text,
    user_agent text,
    PRIMARY KEY (booking, terms)
  );

  -- A signed agreement never changes.
  CREATE FUNCTION agreements_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'a signed agreement is never changed (booking %)', OLD.booking;
  END;
  $$;
  CREATE TRIGGER agreements_never_change BEFORE UPDATE ON agreements
    FOR EACH ROW EXECUTE FUNCTION agreements_never_change();

  -- Each reminder sent: one row per booking, kind and start, so a reminder goes once whatever the
  -- number of servers or restarts, and a moved booking (a new start) is reminded at its new time.
  -- visit: to the client (and an agent who booked) before the visit; unsigned: to the owner, of a
  -- booking still unsigned close to its start.
  CREATE TABLE reminders (
    booking text NOT NULL REFERENCES bookings (reference) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('visit', 'unsigned')),
    start_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (booking, kind, start_at)
  );
  `,
  },
  {
    name: "0003-data-requests-retention",
    sql: `
  -- A request to see or delete one's data is a request like the others, so the e-mail with its
  -- link, and the owner's notice, go through deliveries.
  ALTER TABLE requests DROP CONSTRAINT requests_kind_check;
  ALTER TABLE requests ADD CONSTRAINT requests_kind_check
    CHECK (kind IN ('schedule-requests', 'contact-messages', 'booking-changes', 'data-requests'));

  -- Each ask for a link to one's data, for the limits per mailbox and per client address in a day.
  -- Kept two days at most (the retention pass), since only the last day's count is ever read.
  CREATE TABLE data_requests (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    mailbox text NOT NULL,
    client text NOT NULL,
    requested_at timestamptz NOT NULL,
    -- The request whose e-mail carries the link; null when a limit held the link back.
    reference text REFERENCES requests (reference) ON DELETE SET NULL
  );
  CREATE INDEX data_requests_mailbox ON data_requests (mailbox, requested_at);
  CREATE INDEX data_requests_client ON data_requests (client, requested_at);

  -- One row per day the retention pass ran, with only how many records of each kind it deleted.
  -- The key makes the pass run once a day however many servers (and the scheduled function) try.
  CREATE TABLE retention_runs (
    day date PRIMARY KEY,
    ran_at timestamptz NOT NULL,
    deleted jsonb NOT NULL
  );
  CREATE INDEX requests_received ON requests (kind, received_at);

  -- A signed agreement outlives its booking (kept 5 years from the report's delivery, the booking 3
  -- from the visit). When a booking with a signed agreement is deleted, for whatever reason, the
  -- database keeps the visit's instant, from which the agreement's period counts, and the mailbox,
  -- by which its client finds it.
  CREATE TABLE agreement_visits (
    booking text PRIMARY KEY,
    mailbox text NOT NULL,
    visit_at timestamptz NOT NULL
  );
  CREATE FUNCTION bookings_keep_agreement_visit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM agreements WHERE booking = OLD.reference) THEN
      INSERT INTO agreement_visits (booking, mailbox, visit_at) VALUES (OLD.reference, OLD.mailbox, OLD.start_at)
      ON CONFLICT (booking) DO NOTHING;
    END IF;
    RETURN OLD;
  END;
  $$;
  CREATE TRIGGER bookings_keep_agreement_visit BEFORE DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_keep_agreement_visit();
  `,
  },
  {
    name: "0004-every-hold-ends",
    sql: `
  -- A hold's end is set when it is made (it used to wait for the confirmation's delivery, so a
  -- confirmation the mail server kept refusing left its time held until the visit). Holds made
  -- before get the end their window gives from when they were made, and none can lack one again.
  UPDATE bookings SET confirm_by = created_at + make_interval(mins => confirm_within_minutes)
    WHERE status = 'pending' AND confirm_by IS NULL;
  ALTER TABLE bookings ADD CONSTRAINT bookings_hold_ends CHECK (status <> 'pending' OR confirm_by IS NOT NULL);
  -- The sweep (booking/hold-sweep.ts) finds lapsed holds by their end.
  CREATE INDEX bookings_pending_end ON bookings (confirm_by) WHERE status = 'pending';
  `,
  },
  {
    name: "0005-delivery-numbers",
    sql: `
  -- Each e-mail's own number, never reused: the local mail view and \`npm run mail\` name an e-mail
  -- by it, so a number read before a deletion never opens another e-mail after it.
  ALTER TABLE deliveries ADD COLUMN number bigint GENERATED ALWAYS AS IDENTITY UNIQUE;
  `,
  },
  {
    name: "0006-agreement-client",
    sql: `
  -- A signed agreement is kept 5 years, its booking's request 3: the client it names and the exact
  -- address they booked with are kept with the signature, so "signed for <client> by <signer>"
  -- still reads so, and the client (not another mailbox that folds alike) still finds it, once the
  -- request is gone. Signatures stored before take both from their request where it is kept.
  ALTER TABLE agreements ADD COLUMN client_name text, ADD COLUMN client_email text;
  UPDATE agreements AS a SET client_name = r.record->'request'->>'name',
    client_email = lower(btrim(r.record->'request'->>'email'))
    FROM requests AS r WHERE r.reference = a.booking;
  `,
  },
  {
    name: "0007-owner-desk",
    sql: `
  -- Time off is a row of bookings, status 'time_off', for one inspector over a range: the same
  -- exclusion constraint then refuses a visitor's booking over time off, and time off over a
  -- booking, whatever the race. Each such row has a request of kind 'desk-actions' (its key).
  ALTER TABLE requests DROP CONSTRAINT requests_kind_check;
  ALTER TABLE requests ADD CONSTRAINT requests_kind_check
    CHECK (kind IN ('schedule-requests', 'contact-messages', 'booking-changes', 'data-requests', 'desk-actions'));
  ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
  ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
    CHECK (status IN ('pending', 'booked', 'cancelled', 'expired', 'time_off'));
  ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
  ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (inspector WITH =, during WITH &&)
    WHERE (status IN ('pending', 'booked', 'time_off'));
  CREATE INDEX bookings_time_off ON bookings USING gist (during) WHERE status = 'time_off';

  -- The owner's desk: a sign-in link is kept as the SHA-256 of its token, valid minutes and once;
  -- a session as the SHA-256 of its cookie's value, until it expires or is signed out.
  CREATE TABLE desk_links (
    token_hash text PRIMARY KEY,
    mailbox text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  -- The day the report reached the client, recorded on the desk: the signed agreement's period
  -- counts from it (BOP 16-4A-05). Kept with the visit when the booking goes, as the visit is.
  ALTER TABLE bookings ADD COLUMN report_delivered_at timestamptz;
  ALTER TABLE agreement_visits ADD COLUMN delivered_at timestamptz;
  CREATE OR REPLACE FUNCTION bookings_keep_agreement_visit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM agreements WHERE booking = OLD.reference) THEN
      INSERT INTO agreement_visits (booking, mailbox, visit_at, delivered_at)
      VALUES (OLD.reference, OLD.mailbox, OLD.start_at, OLD.report_delivered_at)
      ON CONFLICT (booking) DO NOTHING;
    END IF;
    RETURN OLD;
  END;
  $$;

  CREATE TABLE desk_sessions (
    id_hash text PRIMARY KEY,
    mailbox text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  );
  `,
  },
  {
    name: "0008-desk-sign-in",
    breaking:
      "older code cannot sign anyone in to the desk: desk_links was made anew and desk_sessions needs columns it does not write",
    sql: `
  -- Every ask for a desk sign-in link, for any address: the caps per desk mailbox and per client
  -- address are counted here, so they hold across every server and serverless instance. An ask
  -- that sent a link is also that link: the SHA-256 of its token, its end and its use, and the
  -- request whose e-mail carries it (whose token is removed once the link is used or over).
  -- Links of the table before are minutes long and are let go: ask for a new one.
  DROP TABLE desk_links;
  CREATE TABLE desk_links (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The desk's mailbox the link went to; null for any other address, or when a cap held it back.
    mailbox text,
    client text NOT NULL,
    asked_at timestamptz NOT NULL,
    token_hash text UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    reference text REFERENCES requests (reference) ON DELETE SET NULL
  );
  CREATE INDEX desk_links_mailbox ON desk_links (mailbox, asked_at);
  CREATE INDEX desk_links_client ON desk_links (client, asked_at);
  CREATE INDEX desk_links_asked ON desk_links (asked_at);

  -- A session is listed on the desk by its number, with where it was opened from, and ended by
  -- the link in its sign-in notice (the SHA-256 of that link's secret; the notice's request names
  -- the e-mail that carries it). Sessions opened before carry none of this: they sign in again.
  DELETE FROM desk_sessions;
  ALTER TABLE desk_sessions
    ADD COLUMN number bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    ADD COLUMN client text NOT NULL,
    ADD COLUMN end_hash text NOT NULL UNIQUE,
    ADD COLUMN notice text REFERENCES requests (reference) ON DELETE SET NULL;
  `,
  },
  {
    name: "0009-editor-states",
    sql: `
  -- The content editor's sign-in states already taken (editor/sign-in-state.ts), each as the SHA-256
  -- of the state with the time the state was made: a state finishes one sign-in, whichever function
  -- instance sees it, and its row is deleted once the state has lapsed (minutes).
  CREATE TABLE editor_states (
    state_hash text PRIMARY KEY,
    made_at timestamptz NOT NULL
  );
  CREATE INDEX editor_states_made ON editor_states (made_at);
  `,
  },
  {
    name: "0010-delivery-handed-over",
    sql: `
  -- When the mail server said to go ahead with the message (354 to DATA), recorded before its first
  -- byte leaves (mail/delivery.ts): a claim that lapses after it is not sent again, since the
  -- server may have taken it, but left 'maybe-sent' for the owner to see. Cleared when the
  -- server's answer is recorded. Only adds: the release before claims no row that is not pending.
  ALTER TABLE deliveries ADD COLUMN handed_over_at timestamptz;
  ALTER TABLE deliveries DROP CONSTRAINT deliveries_state_check;
  ALTER TABLE deliveries ADD CONSTRAINT deliveries_state_check
    CHECK (state IN ('pending', 'sent', 'failed', 'maybe-sent'));
  `,
  },
  {
    name: "0011-agreement-visit-held",
    sql: `
  -- Whether the visit of a signed agreement whose booking has gone was held: a booking that goes
  -- cancelled, expired or never confirmed had no visit, and its agreement is kept by the shorter
  -- rule of a schedule request that did not lead to a visit (privacy/due-days.ts). Rows kept before
  -- this are taken as held: the longer rule, which never deletes too early.
  ALTER TABLE agreement_visits ADD COLUMN held boolean NOT NULL DEFAULT true;
  CREATE OR REPLACE FUNCTION bookings_keep_agreement_visit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM agreements WHERE booking = OLD.reference) THEN
      INSERT INTO agreement_visits (booking, mailbox, visit_at, delivered_at, held)
      VALUES (OLD.reference, OLD.mailbox, OLD.start_at, OLD.report_delivered_at, OLD.status = 'booked')
      ON CONFLICT (booking) DO NOTHING;
    END IF;
    RETURN OLD;
  END;
  $$;
  `,
  },
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
