/**
 * A functions process killed outright (SIGKILL) while bookings are in flight, on the embedded database, as the
 * first answer of a batch arrives. The server starts a new one on the same data, and every request is sent again
 * with its own Idempotency-Key: each answered 201 is booked once and answered the same, each unanswered is booked
 * once or not at all, no start is booked twice, and no hold is left without an end.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, startFunctionServer, type Answer, type FunctionServer } from "../support/function-server";
import { startDispenser } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
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

it("books each request once or not at all when the functions process is killed with bookings in flight", async () => {
  const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
  const requests = Array.from({ length: 200 }, (_, n) => ({
    key: randomUUID(),
    body: bookingRequest(nextStart(), { ...SHORT_JOB, email: `crash${n}@example.com` }),
  }));
  const send = (request: (typeof requests)[number]) =>
    postJson(`${server.url}/api/schedule`, request.body, undefined, { "Idempotency-Key": request.key }).catch(
      () => null,
    );
  const before = functionsPid();
  const first: Array<Answer | null> = [];
  for (let sent = 0; sent < requests.length; sent += 20) {
    const batch = requests.slice(sent, sent + 20).map(send);
    // In the third batch, the kill comes with its first answer: the others are in flight.
    if (sent === 40) void Promise.race(batch).then(() => process.kill(before, "SIGKILL"));
    first.push(...(await Promise.all(batch)));
    if (sent === 40) await waitForNewFunctions(before);
  }
  const lost = first.filter((answer) => answer === null || answer.status !== 201);
  // The kill did cut requests off mid-way, and did not stop the rest.
  expect(lost.length).toBeGreaterThan(0);
  expect(first.filter((answer) => answer?.status === 201).length).toBeGreaterThan(100);
  for (const answer of lost) expect(answer === null || answer.status === 503).toBe(true);

  // Every request again, with its own key, 20 at a time as before (the server takes 32 connections from one address).
  const again: Array<Answer | null> = [];
  for (let sent = 0; sent < requests.length; sent += 20)
    again.push(...(await Promise.all(requests.slice(sent, sent + 20).map(send))));
  first.forEach((answer, index) => {
    // A 201 is answered again as it was, byte for byte.
    if (answer?.status === 201) expect(again[index]).toMatchObject({ status: 201, body: answer.body });
    // One cut off is booked now, or was booked before the kill and answered so now.
    else expect(again[index]?.status).toBe(201);
  });

  const rows = await withDatabase(
    (db) =>
      db.query<{ key: string; bookings: number; start_at: string | null; confirm_by: string | null }>(
        `SELECT r.idempotency_key AS key, count(b.reference)::integer AS bookings,
                min(b.start_at) AS start_at, min(b.confirm_by) AS confirm_by
         FROM requests r LEFT JOIN bookings b ON b.reference = r.reference
         WHERE r.kind = 'schedule-requests' GROUP BY r.idempotency_key`,
      ),
    { ...process.env, DATA_DIR: server.dataDir },
  );
  // One request and one booking per key, every key, each hold with its end.
  expect(rows).toHaveLength(200);
  expect(new Set(rows.map((row) => row.key))).toEqual(new Set(requests.map((request) => request.key)));
  expect(rows.filter((row) => row.bookings !== 1)).toEqual([]);
  expect(rows.filter((row) => row.confirm_by === null)).toEqual([]);
  // No start booked twice.
  expect(new Set(rows.map((row) => new Date(row.start_at!).getTime())).size).toBe(200);
});

/** Waits until the server has started a new functions process and it answers. */
async function waitForNewFunctions(before: number): Promise<void> {
  await waitFor("a new functions process", async () => {
    let pid = before;
    try {
      pid = functionsPid();
    } catch {
      // none yet
    }
    return pid !== before && (await postJson(`${server.url}/api/contact`, {})).status === 400;
  });
}
