/**
 * Migrations 0007 to 0011 (their order and rules: ../migrations.ts): the owner's desk (time off,
 * sign-in links, sessions), the editor's sign-in states, e-mails handed over to the mail server,
 * and whether the visit of a kept agreement was held.
 */
import type { Migration } from "./migration";

export const DESK_EDITOR_DELIVERIES: readonly Migration[] = [
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
];
