/**
 * What keeps a page's main thread busy while it loads and hydrates, read from a Chrome trace of one cold
 * load (Chromium's CPU slowed 4×, loopback network): the long tasks (over 50 ms), their blocking time after
 * the first paint, and what ran in each (a script's evaluation, React's work, style and layout).
 * Used by `npm run bench:main-thread` (scripts/bench/main-thread.ts).
 */
import type { Browser } from "@playwright/test";
import { VIEWPORT } from "./hydration-timing";

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** One long task: when it started after navigation, how long it ran, and its largest parts. */
export interface LongTask {
  startMs: number;
  durationMs: number;
  parts: Array<{ what: string; ms: number }>;
}

export interface MainThreadLoad {
  fcpMs: number | null;
  /** Sum of each task's time over 50 ms, for tasks that start after the first paint (Lighthouse's TBT, unsimulated). */
  blockingMs: number;
  /** All the main thread's task time from navigation to quiet. */
  busyMs: number;
  /** When React marked the page hydrated (gatsby-browser's onInitialClientRender; null on the floor). */
  hydratedMs: number | null;
  longTasks: LongTask[];
}

export const CPU_SLOWDOWN = 4;

const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8.execute",
  "blink.user_timing",
  "loading",
];

/** Names a script by its file: framework-….js → "framework", app-….js → "app", component---src-….js → "page". */
export function scriptName(url: string | undefined): string {
  if (!url) return "inline or unknown script";
  const file = url.split("/").pop()!.split("?")[0]!;
  if (file.startsWith("framework-")) return "framework (React)";
  if (file.startsWith("app-")) return "app (Gatsby + layout)";
  if (file.startsWith("webpack-runtime-")) return "webpack runtime";
  if (file.startsWith("component---")) return "page component chunk";
  if (!file.endsWith(".js")) return "inline script";
  return `chunk ${file.replace(/-[0-9a-f]{12,}\.js$/, "")}`;
}

const SCRIPT_EVENTS = new Set(["EvaluateScript", "v8.evaluateModule", "FunctionCall", "v8.compile", "v8.run"]);
const RENDERING = new Set(["Layout", "UpdateLayoutTree", "RecalculateStyles", "Paint", "PrePaint", "Layerize"]);

/** What one trace event inside a long task counts as. */
function kindOf(event: TraceEvent, script: string | undefined): string | null {
  if (RENDERING.has(event.name)) return "style, layout and paint";
  if (event.name === "ParseHTML") return "parsing HTML";
  if (/GC/.test(event.name)) return "garbage collection";
  if (SCRIPT_EVENTS.has(event.name)) return script ?? scriptName(event.args?.data?.url);
  return null;
}

/** The main thread's tasks, in order: a RunTask nested in another (a nested run loop) is part of the outer one. */
export function topLevelTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const tasks: TraceEvent[] = [];
  for (const event of events
    .filter((event) => event.name === "RunTask" && event.ph === "X" && event.dur)
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (!last || event.ts >= last.ts + last.dur!) tasks.push(event);
  }
  return tasks;
}

/**
 * The long tasks of the renderer's main thread and, for each, the self time of its parts: each event's
 * duration less its children's, charged to the script whose evaluation or call it sits in.
 */
export function longTasksOf(events: TraceEvent[], navigationStart: number, fcp: number | null): MainThreadLoad {
  const tasks = topLevelTasks(events);
  let blocking = 0;
  let busy = 0;
  const longTasks: LongTask[] = [];
  const inner = events
    .filter((event) => event.ph === "X" && event.dur && !event.name.includes("RunTask"))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  for (const task of tasks) {
    const duration = task.dur! / 1000;
    busy += duration;
    if (fcp !== null && task.ts >= fcp && duration > 50) blocking += duration - 50;
    if (duration <= 50) continue;
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    // A stack of open events: each event's self time goes to its kind, or to the nearest enclosing one's.
    const stack: Array<{ end: number; kind: string | null; script?: string; self: number }> = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        const kind = done.kind ?? [...stack].reverse().find((open) => open.kind)?.kind ?? "other";
        parts.set(kind, (parts.get(kind) ?? 0) + done.self);
      }
    };
    let taskSelf = task.dur!;
    for (const event of inner) {
      if (event.ts < task.ts || event.ts >= end) continue;
      close(event.ts);
      const parent = stack.at(-1);
      const script =
        SCRIPT_EVENTS.has(event.name) && event.args?.data?.url ? scriptName(event.args.data.url) : parent?.script;
      const kind = kindOf(event, parent?.script);
      if (parent) parent.self -= event.dur!;
      else taskSelf -= event.dur!;
      stack.push({ end: event.ts + event.dur!, kind, script, self: event.dur! });
    }
    close(Number.POSITIVE_INFINITY);
    parts.set("other", (parts.get("other") ?? 0) + Math.max(0, taskSelf));
    longTasks.push({
      startMs: (task.ts - navigationStart) / 1000,
      durationMs: duration,
      parts: [...parts]
        .map(([what, self]) => ({ what, ms: self / 1000 }))
        .filter((part) => part.ms >= 1)
        .sort((a, b) => b.ms - a.ms),
    });
  }
  return {
    fcpMs: fcp === null ? null : (fcp - navigationStart) / 1000,
    blockingMs: blocking,
    busyMs: busy,
    hydratedMs: null,
    longTasks,
  };
}

/** The page's main thread: of the renderers' main threads (about:blank has one too), the busiest. */
export function mainThreadEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>();
  const mains = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name === "RunTask" && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0));
  }
  const [busiest] = [...busy].sort((a, b) => b[1] - a[1]);
  if (!busiest) throw new Error("The trace holds no renderer main thread.");
  return events.filter((event) => `${event.pid}:${event.tid}` === busiest[0]);
}

/**
 * Evaluated in the page: resolves once it has hydrated (or, on the floor, rendered) and then been idle twice in
 * a row, so React's slices of hydration (scheduled as tasks) have run out. Text rather than a function, since
 * a transpiled function may call helpers the page does not have.
 */
const whenQuiet = (waitForHydration: boolean) => `new Promise((resolve, reject) => {
  const ready = () => ${
    waitForHydration
      ? "Boolean(document.documentElement.dataset.hydrated)"
      : 'document.getElementById("___gatsby")?.firstElementChild != null'
  };
  const timeout = setTimeout(() => reject(new Error("not quiet within 60 s")), 60000);
  const idleTwice = () =>
    requestIdleCallback(() => requestIdleCallback(() => { clearTimeout(timeout); resolve(); }, { timeout: 10000 }), { timeout: 10000 });
  if (ready()) return idleTwice();
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    observer.disconnect();
    idleTwice();
  }).observe(document.documentElement, { attributes: true, childList: true, subtree: true });
})`;

/** One cold load of `url` in a fresh context, traced until the page has hydrated and its main thread is idle. */
export async function traceLoad(browser: Browser, url: string, waitForHydration: boolean): Promise<MainThreadLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement.dataset.hydrated) return;
        (window as { __hydratedAt?: number }).__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
    });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // Waited for through the DevTools protocol, not Playwright's waits: those evaluate Playwright's own
    // script in the page (60 ms at 4×, a long task of the trace's that no visitor's browser runs).
    const evaluation = await cdp.send("Runtime.evaluate", {
      awaitPromise: true,
      expression: whenQuiet(waitForHydration),
    });
    if (evaluation.exceptionDetails)
      throw new Error(
        `The page never became quiet: ${evaluation.exceptionDetails.exception?.description ?? evaluation.exceptionDetails.text}`,
      );
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const hydrated = await page.evaluate(() => (window as { __hydratedAt?: number }).__hydratedAt ?? null);
    const events = mainThreadEvents(trace.traceEvents);
    const navigationStart = events.find((event) => event.name === "navigationStart")?.ts ?? events[0]!.ts;
    const fcp = trace.traceEvents.find((event) => event.name === "firstContentfulPaint")?.ts ?? null;
    return { ...longTasksOf(events, navigationStart, fcp), hydratedMs: hydrated };
  } finally {
    await context.close();
  }
}
