/**
 * A database that does not answer in time, on a real PostgreSQL: every function answers 503 in words with
 * Retry-After, never 500, within its timeouts, and answers again once the database is back. The test holds every
 * table locked (ACCESS EXCLUSIVE), so each statement waits until its transaction's lock_timeout and the server
 * cancels it; with a pool of one connection held so, a second request meets the connect timeout.
 */
import pg from "pg";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { bookingRequest, contactMessage, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { bookingToken, purposeToken } from "../../src/features/booking/server/booking-links";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { errorCode, openDatabase } from "../../src/lib/server/db/database";

const SECRET = "timeouts-test-key";
const FEED = "timeouts-feed";
const REFERENCE = "SR-20261126-TIMEOUT";
const inAMonth = () => Date.now() + 30 * 24 * 60 * 60 * 1000;

let postgres: PostgresServer;
let server: FunctionServer;
let holder: pg.Client;
let month: string;
let start: string;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startFunctionServer({
    DATABASE_URL: postgres.url,
    DATABASE_POOL_MAX: "1",
    BOOKING_LINK_SECRET: SECRET,
    CALENDAR_FEED_SECRET: FEED,
    RATE_LIMIT_MAX: "1000",
    // A statement waits on a lock longer than a request waits for the pool's one connection, so
    // a second request while the first waits finds the pool taken (the connect timeout).
    ...settingsEnv({ databaseLockMs: 1_000, databaseStatementMs: 2_000, databaseConnectMs: 500 }),
  });
  // Opened and migrated while it answers.
  start = (await openStartsOf(server.url, SHORT_JOB))[0]!;
  month = start.slice(0, 7);
  holder = new pg.Client({ connectionString: postgres.url });
  await holder.connect();
}, 60_000);
afterAll(async () => {
  await holder?.end();
  await server?.stop();
  await postgres?.stop();
});

const manage = () => bookingToken(SECRET, REFERENCE, inAMonth());
const sign = () => bookingToken(SECRET, REFERENCE, inAMonth(), "sign");
const dataLink = () => purposeToken(SECRET, "data-request", "tim@example.com", inAMonth());
interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}
const answerOf = async (response: Response): Promise<Answer> => ({
  status: response.status,
  retryAfter: response.headers.get("retry-after"),
  body: await response.text(),
});
const get = async (path: string) => answerOf(await fetch(`${server.url}${path}`));
const post = async (path: string, body: unknown) =>
  answerOf(
    await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

/** Every function that reads or writes the database, as a visitor or the owner's calendar calls it. */
const calls: Array<[string, () => Promise<Answer>]> = [
  ["open times", () => get(`/api/availability/${month}?${jobQuery(SHORT_JOB)}`)],
  ["a booking", () => post("/api/schedule", bookingRequest(start, SHORT_JOB))],
  ["a message", () => post("/api/contact", contactMessage())],
  ["reading a booking", () => get(`/api/booking?token=${manage()}`)],
  ["cancelling a booking", () => post("/api/booking", { token: manage(), action: "cancel" })],
  ["reading the agreement", () => get(`/api/agreement?token=${sign()}`)],
  ["signing the agreement", () => post("/api/agreement", { token: sign(), name: "Tim Client", consent: true })],
  ["asking for one's data", () => post("/api/privacy", { email: "tim@example.com", website: "" })],
  ["reading one's data", () => get(`/api/privacy-data?token=${dataLink()}`)],
  ["the owner's calendar", () => get(`/api/calendar/${FEED}.ics`)],
];

describe("while every table is locked", () => {
  beforeAll(async () => {
    await holder.query("BEGIN");
    await holder.query(
      "LOCK TABLE requests, deliveries, bookings, agreements, data_requests, retention_runs IN ACCESS EXCLUSIVE MODE",
    );
  });
  afterAll(async () => {
    await holder.query("ROLLBACK");
  });

  it.each(calls)("%s is answered 503 in words with Retry-After", async (_what, call) => {
    const answer = await call();
    expect({ status: answer.status, retryAfter: answer.retryAfter }).toEqual({
      status: 503,
      retryAfter: "30",
    });
    expect(answer.body).toMatch(/^We (could not|cannot)/);
  });

  it("a plain query (no transaction) waiting on a lock is cancelled by the server, not left running there", async () => {
    const db = await openDatabase({
      DATABASE_URL: postgres.url,
      ...settingsEnv({ databaseLockMs: 300, databaseStatementMs: 1_000 }),
    });
    try {
      const marker = "plain-query-under-a-lock";
      const failed = await db
        .query(`SELECT count(*) AS ${marker.replaceAll("-", "_")} FROM bookings`)
        .catch((error) => error);
      // PostgreSQL's own code (lock_timeout), not the driver's "Query read timeout".
      expect(errorCode(failed)).toBe("55P03");
      const left = await holder.query(
        "SELECT count(*)::integer AS n FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND pid <> pg_backend_pid()",
        [`%${marker.replaceAll("-", "_")} FROM bookings%`],
      );
      expect(left.rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it("a request that finds the one pooled connection taken is answered 503 too", async () => {
    const [first, second] = await Promise.all([calls[0]![1](), calls[0]![1]()]);
    expect([first.status, second.status]).toEqual([503, 503]);
    expect(server.logs()).toContain("timeout exceeded when trying to connect");
  });
});

it("answers again once the database does", async () => {
  expect((await calls[0]![1]()).status).toBe(200);
  expect((await calls[2]![1]()).status).toBe(201);
});
