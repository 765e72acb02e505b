/**
 * Many past bookings at once, as years of a busy office leave them: each with its request, a
 * payment taken on site, one in seven cancelled, two hours apart back from now for inspector 1.
 * For the CSV's query count (tests/integration/money.test.ts) and its time (npm run bench:store).
 */
import type { Queryable } from "../../src/lib/server/db/queryable";

export async function seedPastBookings(db: Queryable, count: number): Promise<number> {
  const [made] = await db.query<{ n: number }>(
    `WITH requests_made AS (
       INSERT INTO requests (reference, kind, received_at, record, answer)
       SELECT 'SR-20250101-C' || lpad(n::text, 5, '0'), 'schedule-requests', now(),
              jsonb_build_object('request', jsonb_build_object('name', 'Client ' || n, 'email', 'c' || n || '@example.com')),
              '{}'::json
       FROM generate_series(1, $1::int) AS n RETURNING reference),
     bookings_made AS (
       INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_within_minutes,
                             mailbox, phone, property, job, owner_event, created_at, updated_at, quoted_cents)
       SELECT reference, 1, at, 60, tstzrange(at, at + interval '1 hour'),
              CASE WHEN n % 7 = 0 THEN 'cancelled' ELSE 'booked' END, 60, 'c' || n || '@example.com', '4105550000',
              n || ' csv street',
              '{"mainInspection": "residential", "addOns": [], "waterPackages": [], "squareFeet": 2000, "county": "Anne Arundel"}',
              '{"summary": "Home inspection", "description": "", "location": "1 CSV Street"}', now(), now(), 45000
       FROM (SELECT reference, substr(reference, 14)::int AS n,
                    date_trunc('hour', now()) - make_interval(hours => 2 * substr(reference, 14)::int) AS at
             FROM requests_made) AS r
       RETURNING reference),
     paid AS (
       INSERT INTO payments (booking, kind, method, amount_cents, recorded_at, recorded_by)
       SELECT reference, 'payment', 'cash', 45000, now(), 'desk:test' FROM bookings_made
       RETURNING 1)
     SELECT (SELECT count(*)::int FROM bookings_made) AS n`,
    [count],
  );
  return made!.n;
}
