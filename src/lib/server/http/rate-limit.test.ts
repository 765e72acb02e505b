import { createRateLimiter } from "./rate-limit";

const WINDOW = 60_000;

describe("createRateLimiter", () => {
  it("allows `max` requests from one address in the window, then says how long to wait", () => {
    const limiter = createRateLimiter({ max: 2, windowMs: WINDOW });
    expect(limiter.hit("a", 0)).toEqual({ allowed: true });
    expect(limiter.hit("a", 10_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Another address has its own count.
    expect(limiter.hit("b", 20_000)).toEqual({ allowed: true });
    // The window slides: the first request leaves it, the second still counts.
    expect(limiter.hit("a", WINDOW + 1)).toEqual({ allowed: true });
    expect(limiter.hit("a", WINDOW + 2)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("forgets an address once its last request has left the window", () => {
    const limiter = createRateLimiter({ max: 10, windowMs: WINDOW });
    for (let i = 0; i < 1_000; i += 1) limiter.hit(`198.51.100.${i}`, i);
    expect(limiter.size).toBe(1_000);
    // Half of them have left the window by then.
    limiter.hit("newcomer", WINDOW + 499);
    expect(limiter.size).toBe(501);
    limiter.hit("newcomer", 2 * WINDOW);
    expect(limiter.size).toBe(1);
  });

  it("forgets a refused address too, once its requests have left the window", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: WINDOW });
    limiter.hit("a", 0);
    expect(limiter.hit("a", 1).allowed).toBe(false);
    limiter.hit("b", WINDOW + 1);
    expect(limiter.size).toBe(1);
  });

  it("looks at a few entries per request, however many addresses are live", () => {
    const examined: number[] = [];
    const limiter = createRateLimiter({ max: 10, windowMs: WINDOW, onExamined: (count) => examined.push(count) });
    // 20,000 addresses within one window: twice the number at which the map used to be scanned on every request.
    for (let i = 0; i < 20_000; i += 1) limiter.hit(`a${i}`, 1);
    examined.length = 0;
    for (let i = 0; i < 1_000; i += 1) limiter.hit(`b${i}`, 2);
    expect(examined).toHaveLength(1_000);
    expect(Math.max(...examined)).toBeLessThanOrEqual(1);
  });

  it("examines each address about once over its life, as addresses come and go", () => {
    let examined = 0;
    const limiter = createRateLimiter({ max: 10, windowMs: WINDOW, onExamined: (count) => (examined += count) });
    // 50,000 addresses, one request each, a new one every 10 ms: about 6,000 live at any time.
    const requests = 50_000;
    for (let i = 0; i < requests; i += 1) limiter.hit(`c${i}`, i * 10);
    expect(limiter.size).toBeLessThanOrEqual(WINDOW / 10);
    expect(examined).toBeGreaterThan(0);
    expect(examined).toBeLessThanOrEqual(2 * requests);
  });
});
