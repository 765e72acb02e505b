/**
 * The production server under a small concurrent mixed load (tests/support/load-mix.ts): 200
 * requests, 32 at a time, beside 8 stalled bodies. Every answer must be one the request contract
 * allows for that request, and the server must still serve afterwards. The 5,000-request run that
 * also watches memory is a benchmark: `npm run bench:load`.
 */
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { runLoadMix } from "../support/load-mix";
import { openStartsOf } from "../support/start-dispenser";
import { SAMPLE_JOB } from "../support/sample-requests";

let server: FunctionServer;
beforeAll(async () => {
  // A low rate limit, so some addresses are refused with 429 as part of the mix; stalled bodies
  // are cut off after 1 s instead of 10.
  server = await startFunctionServer({
    RATE_LIMIT_MAX: "1",
    ...settingsEnv({ bodyTimeoutMs: 1_000, requestTimeoutMs: 2_000 }),
  });
});
afterAll(() => server?.stop());

it("answers 200 mixed requests, 32 at a time, each as the contract allows", async () => {
  const [start] = await openStartsOf(server.url, SAMPLE_JOB);
  const result = await runLoadMix(server.port, { total: 200, inFlight: 32, start: start! });
  expect(result.unexpected).toEqual([]);
  expect(result.slowStatuses).toEqual(Array(8).fill(408));
  // The mix reached every kind of answer that does not depend on which request of an address
  // arrives first (that decides between 201 and 429).
  expect(Object.keys(result.statuses).map(Number)).toEqual(expect.arrayContaining([200, 301, 400, 404, 405, 413, 415]));
  expect((result.statuses[201] ?? 0) + (result.statuses[429] ?? 0)).toBeGreaterThan(0);
  expect(result.servingAfter).toBe(true);
});
