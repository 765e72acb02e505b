/**
 * Migration 0018 (its order and rules: ../migrations.ts): the booking's own facts as columns of the
 * booking, its client and its agent, as the booking module writes them; the request keeps what was
 * asked. A booking written by the release before this one (a rollback) gets them, and what it
 * costs, from its request as that request is stored (the trigger), so no reader needs another way.
 */
import type { Migration } from "./migration";

export const BOOKING_RECORD: readonly Migration[] = [
  {
    name: "0018-booking-record",
    sql: `
  -- The client as they gave themselves, and the agent: agent_role 'booked' (the agent made the
  -- booking), 'copied' (the client asked us to copy the agent), or null (named, never e-mailed).
  ALTER TABLE bookings
    ADD COLUMN client_name text,
    ADD COLUMN client_email text,
    ADD COLUMN client_phone text,
    ADD COLUMN agent_name text,
    ADD COLUMN agent_email text,
    ADD COLUMN agent_phone text,
    ADD COLUMN agent_role text CHECK (agent_role IN ('booked', 'copied'));

  CREATE FUNCTION booking_record_from_request(request jsonb) RETURNS TABLE (
    client_name text, client_email text, client_phone text,
    agent_name text, agent_email text, agent_phone text, agent_role text)
  LANGUAGE sql IMMUTABLE AS $$
    SELECT request->>'name', request->>'email', request->>'phone',
           nullif(request->>'agentName', ''), nullif(request->>'agentEmail', ''), nullif(request->>'agentPhone', ''),
           CASE
             WHEN coalesce(request->>'agentEmail', '') = ''
               OR lower(btrim(request->>'agentEmail')) = lower(btrim(request->>'email')) THEN NULL
             WHEN request->>'bookedByAgent' = 'yes' THEN 'booked'
             WHEN request->>'copyAgent' = 'yes' THEN 'copied'
           END
  $$;

  UPDATE bookings AS b SET
    (client_name, client_email, client_phone, agent_name, agent_email, agent_phone, agent_role) =
      (SELECT * FROM booking_record_from_request(r.record->'request'))
  FROM requests AS r
  WHERE r.reference = b.reference AND r.record ? 'request' AND b.status <> 'time_off';

  -- A request stored after its booking (one transaction, the booking first) fills what the
  -- booking lacks: only a booking written by an older release lacks it.
  CREATE FUNCTION booking_record_fill() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.record ? 'request' THEN
      UPDATE bookings AS b SET
        (client_name, client_email, client_phone, agent_name, agent_email, agent_phone, agent_role) =
          (SELECT * FROM booking_record_from_request(NEW.record->'request')),
        quoted_cents = coalesce(b.quoted_cents, round((NEW.record #>> '{quote,total}')::numeric * 100)::integer)
      WHERE b.reference = NEW.reference AND b.client_email IS NULL AND b.status <> 'time_off';
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER booking_record_fill AFTER INSERT ON requests FOR EACH ROW EXECUTE FUNCTION booking_record_fill();
  CREATE INDEX bookings_agent_email ON bookings (lower(agent_email)) WHERE agent_email IS NOT NULL;
  `,
  },
];
