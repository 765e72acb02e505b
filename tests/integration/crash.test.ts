/**
 * A functions process killed outright (SIGKILL: no cleanup runs) part-way through 200 bookings,
 * on the embedded database: the server starts a new one on the same data, and every booking
 * answered 201 is there, nothing is doubled, and no time is held without its request.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { withDatabase } from "../../scripts/lib/database-access";
import { postJson, startFunctionServer, type Answer, type FunctionServer } from "../../scripts/lib/function-server";
import { startDispenser } from "../../scripts/lib/open-times";
import { bookingRequest, SHORT_JOB } from "../../scripts/lib/sample-requests";
import { waitFor } from "../support/mailbox";

let server: FunctionServer;
beforeAll(async () => {
  server = await startFunctionServer({ RATE_LIMIT_MAX: "10000", BOOKING_LINK_SECRET: "crash-test-secret-crash-test" });
});
afterAll(() => server?.stop());

/** The functions' process: the one child of the server. */
const functionsPid = () =>
  Number(
    execFileSync("pgrep", ["-P", String(server.pid)], { encoding: "utf8" })
      .trim()
      .split("\n")[0],
  );

it("keeps every booking answered 201 and nothing else when the functions process is killed mid-way", async () => {
  const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
  const requests = Array.from({ length: 200 }, (_, n) =>
    bookingRequest(nextStart(), { ...SHORT_JOB, email: `crash${n}@example.com` }),
  );
  const before = functionsPid();
  const answers: Array<Answer | null> = [];
  let killed = false;
  for (let sent = 0; sent < requests.length; sent += 20) {
    const batch = requests.slice(sent, sent + 20).map((request, index) => {
      // Killed while the third batch is in flight.
      if (sent === 40 && index === 10 && !killed) {
        killed = true;
        process.kill(before, "SIGKILL");
      }
      return postJson(`${server.url}/api/schedule`, request, undefined, { "Idempotency-Key": randomUUID() }).catch(
        () => null,
      );
    });
    answers.push(...(await Promise.all(batch)));
    // After the kill, the server answers 503 until a new functions process is ready.
    if (killed) {
      await waitFor("a new functions process", async () => {
        const pid = (() => {
          try {
            return functionsPid();
          } catch {
            return before;
          }
        })();
        return pid !== before && (await postJson(`${server.url}/api/contact`, {})).status === 400;
      });
    }
  }
  const booked = answers.flatMap((answer) =>
    answer?.status === 201 ? [(JSON.parse(answer.body) as { reference: string }).reference] : [],
  );
  const refused = answers.filter((answer) => answer !== null && answer.status !== 201);
  // Some were lost with the process (503, or the connection closed); the rest were booked.
  expect(booked.length).toBeGreaterThan(100);
  expect(booked.length + refused.length + answers.filter((answer) => answer === null).length).toBe(200);
  for (const answer of refused) expect(answer!.status).toBe(503);

  const rows = await withDatabase(
    (db) =>
      db.query<{ reference: string; status: string; start_at: string; has_request: boolean }>(
        `SELECT b.reference, b.status, b.start_at, EXISTS (SELECT 1 FROM requests r WHERE r.reference = b.reference) AS has_request
         FROM bookings b`,
      ),
    { ...process.env, DATA_DIR: server.dataDir },
  );
  // Every 201 has its booking; a booking is only ever one a request stored (answered or lost in the kill).
  const stored = new Set(rows.map((row) => row.reference));
  for (const reference of booked) expect(stored.has(reference)).toBe(true);
  expect(rows.every((row) => row.has_request && row.status === "pending")).toBe(true);
  // Nothing doubled: one booking per start asked, none beyond the 200.
  expect(new Set(rows.map((row) => new Date(row.start_at).getTime())).size).toBe(rows.length);
  expect(rows.length).toBeLessThanOrEqual(200);
  expect(rows.length).toBeGreaterThanOrEqual(booked.length);
});
