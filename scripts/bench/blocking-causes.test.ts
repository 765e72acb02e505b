import { blockingCauses, causeOf, meanCauses } from "./blocking-causes";
import type { TraceEvent } from "./main-thread-trace";

const MAIN = { pid: 1, tid: 7 };
const at = (ms: number) => ms * 1000;
const task = (start: number, length: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ts: at(start),
  dur: at(length),
  ...MAIN,
});
const event = (name: string, start: number, length: number, url?: string): TraceEvent => ({
  name,
  ph: "X",
  ts: at(start),
  dur: at(length),
  ...MAIN,
  ...(url ? { args: { data: { url } } } : {}),
});

const trace: TraceEvent[] = [
  { name: "thread_name", ph: "M", ts: 0, ...MAIN, args: { name: "CrRendererMain" } },
  { name: "firstContentfulPaint", ph: "I", ts: at(100), ...MAIN },
  // Before the first paint: not counted, however long.
  task(10, 80),
  event("Layout", 10, 70),
  // 30 ms observed is 120 ms on the simulated phone: 70 ms of blocking, React's chunk evaluated.
  task(200, 30),
  event("EvaluateScript", 200, 29, "http://x/framework-0123456789abcdef.js"),
  // 12 ms observed is 48 ms simulated: no blocking.
  task(300, 12),
  event("FunctionCall", 300, 11, "http://x/"),
  // 20 ms in the preloader: 30 ms of blocking.
  task(400, 20),
  event("FunctionCall", 400, 19, "http://x/schedule"),
  // A task with only a download's arrival in it.
  task(500, 25),
  { name: "ResourceFinish", ph: "I", ts: at(510), ...MAIN },
];

describe("blockingCauses", () => {
  it("counts each task after the first paint as Lighthouse's simulated phone does, charged to what ran in it", () => {
    expect(Object.fromEntries(blockingCauses(trace))).toEqual({
      "evaluating React and starting the app": 70,
      "the preloader (the page's inline script)": 30,
      "a download arriving": 50,
    });
  });

  it("names a task by its longest recognised event", () => {
    expect(
      causeOf([
        event("Layout", 0, 3),
        event("EvaluateScript", 3, 9, "http://x/component---src-pages-x-0123456789ab.js"),
      ]),
    ).toBe("evaluating the page's chunk");
    expect(causeOf([event("FunctionCall", 0, 9, "http://x/framework-0123456789abcdef.js")])).toBe("React rendering");
    expect(causeOf([event("UpdateLayoutTree", 0, 9)])).toBe("style, layout and paint");
    expect(causeOf([])).toBe("other (the browser's own)");
  });

  it("averages the causes over loads, largest first, leaving out what is under 5 ms", () => {
    const one = new Map([
      ["a", 100],
      ["b", 4],
    ]);
    const two = new Map([["c", 60]]);
    expect(meanCauses([one, two])).toBe("82 ms: a 50; c 30");
  });
});
