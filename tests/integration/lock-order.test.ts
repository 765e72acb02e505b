/**
 * The one order of locks, on a real PostgreSQL server (PGlite runs one transaction at a time): a
 * move takes its day locks before its booking's row, and moves the booking only as it read it, so
 * a change that commits meanwhile wins and the move moves nothing.
 */
import pg from "pg";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { storeConfirmedBooking } from "../support/stored-booking";
import { waitFor } from "../support/mailbox";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { findBooking } from "../../src/features/booking/server/booking-queries";
import { moveForClient } from "../../src/features/desk/server/booking-actions";

const HOUR = 60 * 60 * 1000;

let postgres: PostgresServer;
let db: Database;
beforeAll(async () => {
  postgres = await startPostgres();
  db = await openDatabase({ DATABASE_URL: postgres.url });
}, 60_000);
afterAll(async () => {
  await db?.close();
  await postgres?.stop();
});

it("a move waits for its booking's row only after its day locks, and moves nothing when a cancel commits first", async () => {
  const reference = "SR-20300101-LOCK1";
  // Three weeks ahead (the desk moves to any time to come, within a year), on the hour.
  const start = Math.ceil((Date.now() + 21 * 24 * HOUR) / HOUR) * HOUR;
  await storeConfirmedBooking(db, {
    reference,
    inspector: 1,
    start,
    onSiteMinutes: 120,
    heldHours: 3,
    total: 450,
    squareFeet: 2000,
    request: {
      mainInspection: "residential",
      addOns: [],
      waterPackages: [],
      name: "Lou Lock",
      email: "lou@example.org",
      phone: "(410) 555-0177",
      street: "7 Lock Lane",
    },
  });

  // Another session holds the booking's row, as a cancel does while it runs.
  const holder = new pg.Client({ connectionString: postgres.url });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM bookings WHERE reference = $1 FOR UPDATE", [reference]);

    const moving = moveForClient(db, { reference, start: start + 48 * HOUR, outsideHours: true }, new Date()).then(
      () => ({ moved: true as const }),
      (error: { status?: number; message: string }) => ({ moved: false as const, error }),
    );
    // The move waits for the row holding its day locks (advisory): it took them first.
    await waitFor("the move to wait for the booking's row, holding its day locks", async () => {
      const { rows } = await holder.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM pg_stat_activity AS a
         WHERE a.wait_event_type = 'Lock' AND a.pid <> pg_backend_pid()
           AND EXISTS (SELECT 1 FROM pg_locks AS l WHERE l.pid = a.pid AND l.locktype = 'advisory' AND l.granted)`,
      );
      return rows[0]!.count === 1;
    });

    await holder.query("UPDATE bookings SET status = 'cancelled', sequence = sequence + 1 WHERE reference = $1", [
      reference,
    ]);
    await holder.query("COMMIT");

    const outcome = await moving;
    expect(outcome).toEqual({
      moved: false,
      error: expect.objectContaining({
        status: 409,
        message: "This booking changed a moment ago: open it again to see where it stands.",
      }),
    });
    const booking = (await findBooking(db, reference))!;
    expect(booking.status).toBe("cancelled");
    expect(Date.parse(booking.start)).toBe(start);
    expect(booking.moves).toBe(0);
  } finally {
    await holder.end();
  }
});
