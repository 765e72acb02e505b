/**
 * A mixed load on the production server over loopback: valid and invalid requests, every method,
 * multipart, oversized and slow bodies, hostile addresses, from many visitors' addresses. Every
 * answer must be one the request contract (docs/requests.md) allows for that request and carry the security
 * headers. `npm test` sends 200 of them (tests/integration/load.test.ts); `npm run bench:load`
 * sends 5,000 and watches the server's memory (scripts/bench/load-bench.ts).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { bookingRequest, contactMessage } from "./sample-requests";

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
/** The requests of the mix; valid bookings all ask for `start`, so all but the first are refused as taken. */
const mixFor = (start: string): Array<(i: number) => Shot> => [
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
    body: JSON.stringify(bookingRequest(start, { name: `Load ${i}` })),
    allowed: [201, 409, 429],
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
    body: JSON.stringify(bookingRequest(start, { zip: "1", squareFeet: "0x834" })),
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

function fire(port: number, shot: Shot, from: string): Promise<{ status: number; hsts: boolean }> {
  return new Promise((resolve) => {
    const length = shot.body === undefined ? undefined : Buffer.byteLength(shot.body) + (shot.slow ? 100 : 0);
    const req = request(
      {
        host: "127.0.0.1",
        port,
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

export interface LoadResult {
  /** Answers the contract does not allow, or without the security headers (the first 20). */
  unexpected: string[];
  statuses: Record<number, number>;
  /** The statuses of the slow bodies that ran beside the load. */
  slowStatuses: number[];
  /** Whether a plain page is still served afterwards. */
  servingAfter: boolean;
}

/**
 * Sends `total` requests of the mix, `inFlight` at a time, from 250 addresses, beside 8 bodies
 * that stall until the server's body deadline; `onProgress(i)` is called as request i goes out.
 */
export async function runLoadMix(
  port: number,
  {
    total,
    inFlight,
    start,
    onProgress,
  }: { total: number; inFlight: number; start: string; onProgress?: (i: number) => void },
): Promise<LoadResult> {
  const mix = mixFor(start);
  const unexpected: string[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const slow = Array.from({ length: 8 }, (_, i) =>
    fire(
      port,
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
    while (next < total) {
      const i = next++;
      onProgress?.(i);
      const shot = mix[i % mix.length]!(i);
      // 250 visitors' addresses, so some pass the rate limit and others do not.
      const answer = await fire(port, shot, `127.0.${50 + (i % 5)}.${1 + (i % 50)}`);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if ((!shot.allowed.includes(answer.status) || !answer.hsts) && unexpected.length < 20) {
        unexpected.push(`${shot.name} ${shot.method} ${shot.path}: ${answer.status}${answer.hsts ? "" : " (no HSTS)"}`);
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const slowStatuses = (await Promise.all(slow)).map((answer) => answer.status);
  const servingAfter = (await fire(port, mix[0]!(0), "127.0.98.1")).status === 200;
  return { unexpected, statuses, slowStatuses, servingAfter };
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid: number): number {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return rss + children.reduce((sum, child) => sum + treeRssMb(Number(child)), 0);
  } catch {
    return 0;
  }
}
