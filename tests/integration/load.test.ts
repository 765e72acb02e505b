/**
 * The production server under a bounded mixed load on loopback: 5,000 requests, 32 at a time,
 * valid and invalid, every method, multipart, oversized and slow bodies, hostile addresses.
 * Every answer must be one the request contract (README) allows for that request, and the
 * memory of the server's process tree must stay flat: the functions are loaded once.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { contactMessage, scheduleRequest } from "../support/requests";

const TOTAL = 5_000;
const IN_FLIGHT = 32;
/**
 * The whole tree (server and functions) may not pass this, nor grow by more than GROWTH over the
 * 4,000 requests after warm-up. Measured on two cores: about 275 MB after warm-up, 35 to 41 MB of
 * growth (garbage the collector has not yet returned; a fast run leaves more). A server that
 * reloads a function bundle per request grows about 7 MB per request, 28 GB over the same span,
 * so 100 MB (25 KB a request) tells the two apart without failing on the collector's timing.
 */
const RSS_LIMIT_MB = 450;
const GROWTH_LIMIT_MB = 100;

let server: FunctionServer;
beforeAll(async () => {
  // A low limit, so some addresses are refused with 429 as part of the mix.
  server = await startFunctionServer({ RATE_LIMIT_MAX: "20" });
});
afterAll(() => server?.stop());

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return rss + children.reduce((sum, child) => sum + treeRssMb(Number(child)), 0);
  } catch {
    return 0;
  }
}

interface Shot {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sends part of the body and then stalls. */
  slow?: boolean;
  /** The statuses the contract allows for it. */
  allowed: number[];
}

const json = { "content-type": "application/json" };
const mix: Array<(i: number) => Shot> = [
  () => ({ name: "page", method: "GET", path: "/services", allowed: [200] }),
  () => ({ name: "compressed page", method: "GET", path: "/", headers: { "accept-encoding": "br" }, allowed: [200] }),
  () => ({ name: "head", method: "HEAD", path: "/about", allowed: [200] }),
  () => ({ name: "unknown page", method: "GET", path: "/no-such-page", allowed: [404] }),
  () => ({ name: "trailing slash", method: "GET", path: "/contact/", allowed: [301] }),
  () => ({ name: "malformed", method: "GET", path: "/%ff", allowed: [400] }),
  () => ({ name: "off-site", method: "GET", path: "/.//evil.com/", allowed: [404] }),
  (i) => ({ name: "page POST", method: ["POST", "PUT", "DELETE", "PATCH"][i % 4]!, path: "/about", allowed: [405] }),
  (i) => ({
    name: "valid schedule",
    method: "POST",
    path: "/api/schedule",
    headers: json,
    body: JSON.stringify(scheduleRequest({ name: `Load ${i}` })),
    allowed: [201, 429],
  }),
  () => ({
    name: "valid contact",
    method: "POST",
    path: "/api/contact",
    headers: json,
    body: JSON.stringify(contactMessage()),
    allowed: [201, 429],
  }),
  () => ({
    name: "invalid fields",
    method: "POST",
    path: "/api/schedule",
    headers: json,
    body: JSON.stringify(scheduleRequest({ zip: "1", squareFeet: "0x834" })),
    allowed: [400, 429],
  }),
  () => ({ name: "not JSON", method: "POST", path: "/api/contact", headers: json, body: "{nope", allowed: [400, 429] }),
  (i) => ({
    name: "other method",
    method: ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"][i % 6]!,
    path: "/api/schedule",
    allowed: [405, 429],
  }),
  () => ({
    name: "multipart",
    method: "POST",
    path: "/api/schedule",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: `--x\r\ncontent-disposition: form-data; name="f"\r\n\r\n${"x".repeat(100_000)}\r\n--x--\r\n`,
    allowed: [415],
  }),
  () => ({
    name: "oversized",
    method: "POST",
    path: "/api/contact",
    headers: json,
    body: JSON.stringify(contactMessage({ message: "x".repeat(40_000) })),
    allowed: [413],
  }),
  () => ({ name: "unknown function", method: "POST", path: "/api/nothing", headers: json, body: "{}", allowed: [404] }),
];

function fire(shot: Shot, from: string): Promise<{ status: number; hsts: boolean }> {
  return new Promise((resolve) => {
    const length = shot.body === undefined ? undefined : Buffer.byteLength(shot.body) + (shot.slow ? 100 : 0);
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: shot.path,
        method: shot.method,
        localAddress: from,
        headers: { ...shot.headers, ...(length === undefined ? {} : { "content-length": String(length) }) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, hsts: Boolean(res.headers["strict-transport-security"]) }),
        );
      },
    );
    req.on("error", () => resolve({ status: 0, hsts: false }));
    if (shot.slow) req.write(shot.body);
    else req.end(shot.body);
  });
}

it(`answers ${TOTAL} mixed requests within the contract, with flat memory`, async () => {
  const unexpected: string[] = [];
  const counts = new Map<number, number>();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(treeRssMb(server.pid)), 200);
  const started = Date.now();
  let warmUpMb = 0;
  let next = 0;

  // A few slow bodies run beside the load for the length of the request timeout.
  const slow = Array.from({ length: 8 }, (_, i) =>
    fire(
      {
        name: "slow body",
        method: "POST",
        path: "/api/contact",
        headers: json,
        body: '{"name":',
        slow: true,
        allowed: [408],
      },
      `127.0.99.${i + 1}`,
    ),
  );

  const worker = async () => {
    while (next < TOTAL) {
      const i = next++;
      const shot = mix[i % mix.length]!(i);
      // 250 visitors' addresses, so some pass the rate limit and most do not.
      const answer = await fire(shot, `127.0.${50 + (i % 5)}.${1 + (i % 50)}`);
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      if (!shot.allowed.includes(answer.status) || !answer.hsts) {
        unexpected.push(`${shot.name} ${shot.method} ${shot.path}: ${answer.status}${answer.hsts ? "" : " (no HSTS)"}`);
      }
      if (i === 1_000) warmUpMb = treeRssMb(server.pid);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (Date.now() - started) / 1000;
  const slowAnswers = await Promise.all(slow);
  clearInterval(sampler);
  const endMb = treeRssMb(server.pid);
  const peakMb = Math.max(...samples, endMb);

  console.log(
    `${TOTAL} requests in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)}/s); server tree RSS after warm-up ${warmUpMb.toFixed(0)} MB, ` +
      `end ${endMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB; statuses ${JSON.stringify(Object.fromEntries(counts))}`,
  );
  expect(unexpected.slice(0, 20)).toEqual([]);
  expect(slowAnswers.map((answer) => answer.status)).toEqual(Array(8).fill(408));
  expect(peakMb).toBeLessThan(RSS_LIMIT_MB);
  expect(endMb - warmUpMb).toBeLessThan(GROWTH_LIMIT_MB);
  // The server is still there for the next visitor.
  expect((await fire(mix[0]!(0), "127.0.98.1")).status).toBe(200);
}, 180_000);
