/**
 * The reminders before a visit as the servers send them: two real `npm start` servers on one
 * PostgreSQL, each with its delivery worker passing every 100 ms on the real clock. A booking
 * that comes within the reminder window is reminded exactly once, by whichever server gets there;
 * after one server restarts, and after later bookings have been reminded (the proof that passes
 * went on), it still has one reminder; moved, it gets one more at its new time; cancelled, none.
 */
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { availability } from "../../src/lib/content/business-data";
import { findBooking, moveBooking, setStatus } from "../../src/features/booking/server/booking-queries";
import { BOOKING_MAIL_FIRST_HOURS } from "../../src/features/reminders/server/reminders";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { waitFor } from "../support/mailbox";
import { storeConfirmedBooking } from "../support/stored-booking";

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
// Every start below lies inside the reminder window, the last of them 3 hours past this one.
const within = (availability.reminders.beforeVisitHours - 4) * HOUR;

let postgres: PostgresServer;
let db: Database;
let env: Record<string, string>;
const servers: FunctionServer[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
  db = await openDatabase({ DATABASE_URL: postgres.url });
  env = {
    DATABASE_URL: postgres.url,
    BOOKING_LINK_SECRET: "two-servers-secret",
    ...settingsEnv({ deliveryPassMs: 100 }),
  };
  servers.push(...(await Promise.all([startFunctionServer(env), startFunctionServer(env)])));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.close();
  await postgres?.stop();
});

let made = 0;
/** A confirmed booking `fromNow` ahead (ms), stored as a schedule request stores it. */
async function booked(fromNow: number): Promise<string> {
  made += 1;
  const reference = `SR-20300202-T${made}`;
  const start = Math.floor((Date.now() + fromNow) / MINUTE) * MINUTE;
  const request = {
    mainInspection: "residential",
    addOns: [],
    waterPackages: [],
    name: `Tess Client ${made}`,
    email: `tess${made}@example.com`,
    phone: "(410) 555-0102",
    street: `${made} Two Server Street`,
    city: "Annapolis",
    zip: "21401",
  };
  await storeConfirmedBooking(db, {
    reference,
    inspector: made,
    start,
    onSiteMinutes: 150,
    heldHours: 3,
    request,
    total: 500,
    squareFeet: 1800,
    // Made a day ago: no reminder goes until the booking's own e-mail has been out a day.
    createdAt: Date.now() - BOOKING_MAIL_FIRST_HOURS * HOUR,
  });
  return reference;
}

const visitReminders = async (reference: string) =>
  (
    await db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM deliveries WHERE reference = $1 AND message LIKE 'reminder-visit-%-client'",
      [reference],
    )
  )[0]!.count;
const reminded =
  (reference: string, count = 1) =>
  async () =>
    (await visitReminders(reference)) >= count;

it("reminds once across two servers and a restart, again after a move, never after a cancel", async () => {
  const first = await booked(within);
  const cancelled = await booked(within + 30 * MINUTE);
  await setStatus(db, cancelled, "cancelled", new Date().toISOString());
  await waitFor("the first reminder", reminded(first));

  // A server restarts on the same database.
  await servers[0]!.stop();
  servers[0] = await startFunctionServer(env);
  const second = await booked(within + HOUR);
  await waitFor("a later booking's reminder, after the restart", reminded(second));

  // Moved to a new time inside the window: one more reminder, at the new time.
  const later = Math.floor((Date.now() + within + 2 * HOUR) / MINUTE) * MINUTE;
  await moveBooking(
    db,
    first,
    { inspector: 1, start: new Date(later).toISOString(), from: later, to: later + 3 * HOUR },
    (await findBooking(db, first))!.sequence,
    new Date().toISOString(),
  );
  await waitFor("the moved booking's reminder at its new time", reminded(first, 2));
  const third = await booked(within + 3 * HOUR);
  await waitFor("one more booking's reminder", reminded(third));

  expect(await visitReminders(first)).toBe(2);
  expect(await visitReminders(second)).toBe(1);
  expect(await visitReminders(third)).toBe(1);
  expect(await visitReminders(cancelled)).toBe(0);
  const rows = await db.query<{ booking: string; kind: string }>(
    "SELECT booking, kind FROM reminders WHERE booking = ANY($1) ORDER BY booking, start_at",
    [[first, second, third, cancelled]],
  );
  expect(rows.map((row) => `${row.booking} ${row.kind}`)).toEqual([
    `${first} visit`,
    `${first} visit`,
    `${second} visit`,
    `${third} visit`,
  ]);
});
