/**
 * `npm run bench:store`: the database under a busy calendar, on PGlite and on a real PostgreSQL server: open
 * times worked out, bookings made at once in the request path's transaction, and the desk's CSV of 5,000 past
 * bookings. Prints p50 and p99 of each (target: availability p99 at most 50 ms); the figures go into
 * docs/quality.md by hand. A benchmark, not part of npm test.
 */
import "../../src/serve/webpack-imports";
import { addMonths, formatISO, isFirstDayOfMonth, lastDayOfMonth, parseISO, startOfMonth } from "date-fns";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { availability } from "../../src/lib/content/business-data";
import { book, calendar, jobOf, lengthOf, openStarts } from "../../src/features/booking/server/booking";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import type { ScheduleRequest } from "../../src/lib/request-schemas";
import { startPostgres } from "../../tests/support/postgres-server";
import { storeBlankRequest } from "../../tests/support/stored-requests";
import { SHORT_JOB } from "../../tests/support/sample-requests";
import { seedPastBookings } from "../../tests/support/many-bookings";
import { bookingsCsv } from "../../src/features/desk/server/bookings-csv";

const TARGET_P99_MS = 50;
const BOOKINGS = 2_000;
const CSV_BOOKINGS = 5_000;
// A radon test alone, its size as a number (the form sends text).
const job = { ...SHORT_JOB, squareFeet: Number(SHORT_JOB.squareFeet) };
const length = lengthOf(jobOf(job));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The first full month inside the booking window. */
function benchMonth(now: number): { from: string; to: string } {
  const { first } = calendar.window(now);
  const day = parseISO(first);
  const start = isFirstDayOfMonth(day) ? day : startOfMonth(addMonths(day, 1));
  const date = (of: Date) => formatISO(of, { representation: "date" });
  return { from: date(start), to: date(lastDayOfMonth(start)) };
}

/**
 * 2,000 bookings over the month's working hours, five minutes each, all held by inspector 1:
 * every one is read and weighed by each availability answer, and inspector 2 stays free for the
 * bookings timed after.
 */
async function seed(db: Database, month: { from: string; to: string }) {
  const days = calendar
    .openStarts(month, { onSiteMinutes: 15, beforeMinutes: 0, afterMinutes: 0 }, [], Date.now())
    .map((start) => start.instant);
  const values: unknown[] = [];
  const rows: string[] = [];
  for (let i = 0; i < BOOKINGS; i += 1) {
    const inspector = 1;
    const start = days[Math.floor(i / 6)]! + (i % 6) * 5 * 60_000;
    const reference = `SR-BENCH-${String(i).padStart(5, "0")}`;
    await storeBlankRequest(db, reference);
    const base = values.length;
    values.push(reference, inspector, new Date(start).toISOString(), new Date(start + 5 * 60_000).toISOString());
    rows.push(
      `($${base + 1}, $${base + 2}, $${base + 3}, 5, tstzrange($${base + 3}, $${base + 4}), 'booked', 60, $${base + 1}, $${base + 1}, $${base + 1}, '{}', '{}', now(), now())`,
    );
    if (rows.length === 200 || i === BOOKINGS - 1) {
      await db.query(
        `INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_within_minutes,
           mailbox, phone, property, job, owner_event, created_at, updated_at) VALUES ${rows.join(", ")}`,
        values,
      );
      rows.length = 0;
      values.length = 0;
    }
  }
}

async function measure(name: string, db: Database) {
  const now = Date.now();
  const month = benchMonth(now);
  await seed(db, month);
  const availabilityTimes: number[] = [];
  let open = 0;
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    open = (await openStarts(db, length, month, now)).length;
    availabilityTimes.push(performance.now() - started);
  }
  const starts = calendar
    .openStarts(month, length, [], now)
    .filter((_, index) => index % 2 === 0)
    .slice(0, 200);
  const bookingTimes = await Promise.all(
    starts.map(async (start, n) => {
      const reference = `SR-BENCH-B${String(n).padStart(4, "0")}`;
      const request = {
        ...job,
        start: start.at,
        email: `bench${n}@example.com`,
        phone: `(410) 555-${String(n).padStart(4, "0")}`,
        street: `${n} Bench Street`,
        zip: "21401",
      } as ScheduleRequest;
      const started = performance.now();
      const result = await db.transaction(async (tx) => {
        await storeBlankRequest(tx, reference);
        return book(tx, {
          request,
          reference,
          now,
          ownerEvent: { summary: "", description: "", location: "" },
          confirmBy: new Date(now + 2 * 60 * 60 * 1000).toISOString(),
          quotedCents: 47_500,
        });
      });
      if (!result.ok) throw new Error(`booking ${n} refused: ${result.message}`);
      return performance.now() - started;
    }),
  );
  await seedPastBookings(db, CSV_BOOKINGS);
  const hour = 60 * 60 * 1000;
  const csvRange = { from: new Date(now - (2 * CSV_BOOKINGS + 1) * hour), to: new Date(now) };
  const csvTimes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await bookingsCsv(db, now, csvRange);
    csvTimes.push(performance.now() - started);
  }
  const row = (what: string, times: number[]) =>
    `| ${name} | ${what} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms |`;
  console.log(row(`a month's availability with ${BOOKINGS} bookings (${open} open starts)`, availabilityTimes));
  console.log(row("one of 200 concurrent bookings", bookingTimes));
  console.log(row(`the desk's CSV of ${CSV_BOOKINGS} bookings`, csvTimes));
  return percentile(availabilityTimes, 99);
}

async function main() {
  console.log(`\n${availability.inspectors.length} inspectors; ${new Date().toISOString()}\n`);
  console.log("| database | what | p50 | p99 |\n| --- | --- | ---: | ---: |");
  const dir = mkdtempSync(path.join(tmpdir(), "store-bench-"));
  const embedded = await openDatabase({ DATA_DIR: dir });
  const p99s = [await measure("PGlite", embedded)];
  await embedded.close();
  rmSync(dir, { recursive: true, force: true });
  const server = await startPostgres();
  const postgres = await openDatabase({ DATABASE_URL: server.url });
  p99s.push(await measure("PostgreSQL", postgres));
  await postgres.close();
  await server.stop();
  const worst = Math.max(...p99s);
  console.log(
    `\nAvailability p99 ${worst.toFixed(1)} ms (target ${TARGET_P99_MS} ms): ${worst <= TARGET_P99_MS ? "met" : "NOT met"}`,
  );
}

void main();
