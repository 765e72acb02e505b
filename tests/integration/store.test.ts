/**
 * The booking guarantees on a real PostgreSQL server shared by two server processes, as on a
 * host with several instances: the database's constraint decides every race.
 */
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { startFunctionServer, postJson, type FunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";

const SECRETS = { BOOKING_LINK_SECRET: "store-test-secret-store-test-secret" };
const pad = (n: number) => String(n).padStart(4, "0");
/** A booking of `start` by the n-th visitor: each with a mailbox, phone and property of their own. */
const visitor = (start: string, n: number) =>
  bookingRequest(start, {
    ...SHORT_JOB,
    email: `visitor${n}@example.com`,
    phone: `(410) 555-${pad(n)}`,
    street: `${n} Duke of Gloucester Street`,
    agentName: "",
    agentEmail: "",
    notes: "",
  });

let postgres: PostgresServer;
let mailbox: Mailbox;
let servers: FunctionServer[];
let db: Database;

beforeAll(async () => {
  postgres = await startPostgres();
  mailbox = await startMailbox();
  const env = { DATABASE_URL: postgres.url, SMTP_URL: mailbox.url, RATE_LIMIT_MAX: "100000", ...SECRETS };
  servers = [await startFunctionServer(env), await startFunctionServer(env)];
  db = await openDatabase({ DATABASE_URL: postgres.url });
});

afterAll(async () => {
  // A server's own account of an unexpected answer, for whoever reads a failure of this test.
  const logs = servers.map((server) => server.logs()).join("\n-----\n");
  if (/error/i.test(logs)) console.error(`The servers' logs:\n${logs}`);
  await Promise.all(servers.map((server) => server.stop()));
  await db?.close();
  await mailbox?.stop();
  await postgres?.stop();
});

const liveAt = async (start: string) =>
  (
    await db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM bookings WHERE start_at = $1 AND status IN ('pending', 'booked')",
      [start],
    )
  )[0]!.count;

/**
 * Runs `count` calls, `inFlight` at once: enough at once for every race, and few enough that a
 * busy 2-core machine answers each within the servers' deadline.
 */
async function inWaves<T>(count: number, inFlight: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let sent = 0; sent < count; sent += inFlight) {
    const wave = Array.from({ length: Math.min(inFlight, count - sent) }, (_, offset) => call(sent + offset));
    results.push(...(await Promise.all(wave)));
  }
  return results;
}

it("gives 200 bookings of one start, 50 at once, on two servers exactly the two inspectors", async () => {
  const [start] = await openStartsOf(servers[0]!.url, SHORT_JOB);
  const answers = await inWaves(200, 50, (n) =>
    postJson(`${servers[n % 2]!.url}/api/schedule`, visitor(start!, n), `127.0.${40 + (n >> 5)}.${1 + (n & 31)}`),
  );
  const statuses = answers.map((answer) => answer.status);
  const other = answers.find((answer) => answer.status !== 201 && answer.status !== 409);
  expect(other?.body).toBeUndefined();
  expect(statuses.filter((status) => status === 201)).toHaveLength(2);
  expect(statuses.filter((status) => status === 409)).toHaveLength(198);
  expect(await liveAt(start!)).toBe(2);
});

it("moves 100 bookings onto one start, 50 at once: only the free capacity, and nobody loses a time", async () => {
  const starts = await openStartsOf(servers[0]!.url, SHORT_JOB);
  // 100 bookings on times of their own, a day later than the target; then all move to one start.
  const target = starts.find((start) => start.slice(0, 10) !== starts[0]!.slice(0, 10))!;
  // Booked ten at a time; a time that overlaps one booked beside it is refused and skipped.
  const later = starts.filter((start) => start > target);
  const made: Array<{ reference: string; start: string }> = [];
  for (let next = 0; made.length < 100 && next < later.length; next += 10) {
    const wave = later.slice(next, next + 10);
    const answers = await Promise.all(
      wave.map((start, offset) =>
        postJson(
          `${servers[0]!.url}/api/schedule`,
          visitor(start, 1001 + next + offset),
          `127.0.60.${1 + ((next + offset) % 200)}`,
        ),
      ),
    );
    answers.forEach((answer, offset) => {
      if (answer.status === 201)
        made.push({ reference: (JSON.parse(answer.body) as { reference: string }).reference, start: wave[offset]! });
    });
  }
  const booked = await Promise.all(
    made.slice(0, 100).map(async (booking) => ({ ...booking, token: await tokenOf(booking.reference) })),
  );
  expect(booked).toHaveLength(100);
  const moves = await inWaves(booked.length, 50, (index) =>
    postJson(
      `${servers[index % 2]!.url}/api/booking`,
      { token: booked[index]!.token, action: "move", start: target },
      `127.0.${50 + (index >> 5)}.${1 + (index & 31)}`,
    ),
  );
  const moved = moves.filter((answer) => answer.status === 200).length;
  expect(moved).toBe(2);
  expect(moves.filter((answer) => answer.status === 409)).toHaveLength(98);
  expect(await liveAt(target)).toBe(2);
  // Each booking still holds exactly one time: the new one, or its own.
  const rows = await db.query<{ reference: string; start_at: Date; status: string }>(
    "SELECT reference, start_at, status FROM bookings WHERE reference = ANY($1)",
    [booked.map((booking) => booking.reference)],
  );
  expect(rows.every((row) => row.status === "pending")).toBe(true);
  const stayed = booked.filter((booking) =>
    rows.some(
      (row) => row.reference === booking.reference && new Date(row.start_at).getTime() === Date.parse(booking.start),
    ),
  );
  expect(stayed).toHaveLength(98);
});

/** The link the visitor got by e-mail, read from the captured confirmation. */
export async function tokenOf(reference: string): Promise<string> {
  const confirmation = () =>
    mailbox.messages.find((mail) => mail.to.some((to) => to.startsWith("visitor")) && mail.raw.includes(reference));
  await waitFor(`the confirmation of ${reference}`, () => Boolean(confirmation()));
  return /token=([A-Za-z0-9._-]+)/.exec(bodyText(confirmation()!.raw))![1]!;
}

it("answers a retry on the other server with the first answer, never as a taken time", async () => {
  const starts = await openStartsOf(servers[0]!.url, SHORT_JOB);
  for (let trial = 0; trial < 16; trial += 1) {
    const request = visitor(starts[200 + trial * 4]!, 5000 + trial);
    const key = `retry-${trial}-${Date.now()}`;
    const [first, second] = await Promise.all(
      servers.map((server, index) =>
        postJson(`${server.url}/api/schedule`, request, `127.0.70.${1 + trial * 2 + index}`, {
          "Idempotency-Key": key,
        }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(second!.body).toBe(first!.body);
  }
});
