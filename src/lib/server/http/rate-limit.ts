/**
 * A sliding-window limit of requests per client address, in memory. It keeps out simple bots
 * on one server; on serverless hosts each instance counts on its own.
 */
import type { IncomingMessage } from "node:http";
import { clientAddress } from "./client-address";
import { HttpError } from "./http-error";
import { processState } from "../runtime/runtime";
import { serverSettings } from "../runtime/settings";

export interface RateLimiter {
  /** Records a request from `key`; when over the limit, says how many seconds to wait. */
  hit(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  /** How many addresses it remembers: those with a request still inside the window, and perhaps a few more. */
  readonly size: number;
}

export interface RateLimiterOptions {
  max: number;
  windowMs: number;
  /**
   * Told, on each request, how many other addresses it looked at to forget the expired ones, so a
   * test can count the work a request costs instead of timing it.
   */
  onExamined?: (entries: number) => void;
}

export function createRateLimiter({ max, windowMs, onExamined }: RateLimiterOptions): RateLimiter {
  // Each address's allowed requests in the window, oldest first. A Map keeps insertion order and an
  // address is moved to the end whenever it is allowed a request, so the map runs from the address
  // heard from longest ago to the latest: the expired ones are always at the front. (A refused
  // request adds no time, so that address keeps its place.)
  const hits = new Map<string, number[]>();

  /**
   * Forgets the addresses whose last request has left the window, from the front, stopping at the
   * first that has not: one look per forgotten address plus one, so a request's share stays the
   * same however many addresses are live. (Should the clock step back, an expired address may wait
   * behind a live one until that one expires too; it is then forgotten.)
   */
  function forgetExpired(now: number): void {
    let examined = 0;
    for (const [key, times] of hits) {
      examined += 1;
      if (times.at(-1)! > now - windowMs) break;
      hits.delete(key);
    }
    onExamined?.(examined);
  }

  return {
    hit(key, now = Date.now()) {
      forgetExpired(now);
      const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000)) };
      }
      recent.push(now);
      hits.delete(key);
      hits.set(key, recent);
      return { allowed: true };
    },
    get size() {
      return hits.size;
    },
  };
}

/**
 * Counts a request from its client address against the process's limiter called `name` (the
 * site's requests per window, times `scale` where one visit makes several); over it, throws 429
 * with Retry-After and `tooMany` to read (a sentence, or one made from the seconds to wait).
 */
export function throttle(
  req: IncomingMessage,
  name: string,
  tooMany: string | ((retryAfterSeconds: number) => string),
  scale = 1,
): void {
  const limiter = processState(`rate-limit:${name}`, () => {
    const { rateLimitMax, rateLimitWindowMs } = serverSettings();
    return createRateLimiter({ max: rateLimitMax * scale, windowMs: rateLimitWindowMs });
  });
  const hit = limiter.hit(clientAddress(req));
  if (hit.allowed) return;
  const text = typeof tooMany === "string" ? tooMany : tooMany(hit.retryAfterSeconds);
  throw new HttpError(429, text, { "Retry-After": String(hit.retryAfterSeconds) });
}
