/**
 * A sliding-window limit of requests per client address, in memory. It keeps out simple bots
 * on one server; on serverless hosts each instance counts on its own.
 */
export interface RateLimiter {
  /** Records a request from `key`; when over the limit, says how many seconds to wait. */
  hit(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    hit(key, now = Date.now()) {
      const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000)) };
      }
      recent.push(now);
      hits.set(key, recent);
      if (hits.size > 10_000) {
        for (const [other, times] of hits) if (!times.some((time) => time > now - windowMs)) hits.delete(other);
      }
      return { allowed: true };
    },
  };
}
