/**
 * Migrations 0001 to 0006 (their order and rules: ../migrations.ts): requests and their e-mails,
 * bookings held apart by the database, signed agreements and reminders, data requests and the
 * retention pass; then every hold given an end, each e-mail a number, each agreement its client.
 */
import type { Migration } from "./migration";

export const REQUESTS_BOOKINGS_AGREEMENTS: readonly Migration[] = [
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
];
