import { longTasksOf, scriptName } from "./main-thread-trace";

/** A complete ('X') event on the page's main thread, times in ms from navigation (the trace counts µs). */
const event = (name: string, atMs: number, durationMs: number, url?: string) => ({
  name,
  ph: "X",
  ts: atMs * 1000,
  dur: durationMs * 1000,
  pid: 1,
  tid: 1,
  args: url ? { data: { url } } : {},
});

describe("the long tasks of a trace", () => {
  it("counts blocking time after the first paint only, and charges each part of a long task to what ran it", () => {
    const load = longTasksOf(
      [
        // Before the paint: long, but not blocking.
        event("RunTask", 10, 120),
        event("Layout", 20, 100),
        // After it: React's chunk evaluates (80 ms), inside it a layout (30 ms) and a collection (5 ms).
        event("RunTask", 200, 90),
        event("EvaluateScript", 200, 80, "http://127.0.0.1/framework-0123456789abcdef0123.js"),
        event("Layout", 210, 30),
        event("MinorGC", 250, 5),
        // A short task, and a task nested in another's run loop, which is part of it.
        event("RunTask", 400, 20),
        event("RunTask", 405, 10),
      ],
      0,
      150_000,
    );
    expect(load.fcpMs).toBe(150);
    expect(load.blockingMs).toBe(40);
    expect(load.busyMs).toBe(230);
    expect(load.longTasks.map((task) => [task.startMs, task.durationMs])).toEqual([
      [10, 120],
      [200, 90],
    ]);
    expect(load.longTasks[1]!.parts).toEqual([
      { what: "framework (React)", ms: 45 },
      { what: "style, layout and paint", ms: 30 },
      { what: "other", ms: 10 },
      { what: "garbage collection", ms: 5 },
    ]);
  });

  it("names Gatsby's scripts by their role", () => {
    expect(scriptName("http://x/app-ce6a9e6763212b376a56.js")).toBe("app (Gatsby + layout)");
    expect(scriptName("http://x/component---src-pages-contact-tsx-726826a0ea88941c7674.js")).toBe(
      "page component chunk",
    );
    expect(scriptName("http://x/toaster-0123456789abcdef0123.js")).toBe("chunk toaster");
    expect(scriptName("http://x/contact")).toBe("inline script");
    expect(scriptName(undefined)).toBe("inline or unknown script");
  });
});
