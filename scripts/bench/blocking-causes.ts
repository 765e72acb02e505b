/**
 * What a Lighthouse run's blocking time is made of, from the trace of its load (saved by `npm run bench`, or
 * `lighthouse --save-assets`): each main-thread task after the first paint, counted as Lighthouse's simulated
 * phone counts it (4× its length, less 50 ms), charged to what ran in it.
 *   tsx scripts/bench/blocking-causes.ts reports/tmp/lighthouse-_schedule-*.trace.json
 */
import { readFileSync } from "node:fs";
import { mainThreadEvents, topLevelTasks, type TraceEvent } from "./main-thread-trace";

/** Lighthouse's simulated phone runs the observed tasks this many times slower. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** What running a script counts as, by its file: evaluating it, or a call into it later (a timer, a message). */
function scriptCause(url: string, evaluating: boolean): string {
  const file = url.split("/").pop()!.split("?")[0]!;
  if (!file.endsWith(".js")) return "the preloader (the page's inline script)";
  // The app's modules run when the last of its chunks arrives, often React's: evaluating it starts the app.
  if (file.startsWith("framework-")) return evaluating ? "evaluating React and starting the app" : "React rendering";
  if (file.startsWith("app-")) return evaluating ? "evaluating Gatsby's app chunk" : "Gatsby's app at work";
  const name = file.startsWith("component---")
    ? "the page's chunk"
    : `chunk ${file.replace(/-[0-9a-f]{12,}\.js$/, "")}`;
  return evaluating ? `evaluating ${name}` : `${name} at work`;
}

/** What one task counts as: its longest recognised event decides. */
export function causeOf(inner: readonly TraceEvent[]): string {
  for (const event of [...inner].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))) {
    const url = event.args?.data?.url ?? "";
    if (event.name === "EvaluateScript") return scriptCause(url, true);
    if (event.name === "FunctionCall") return scriptCause(url, false);
    if (event.name === "XHRReadyStateChange" || event.name === "XHRLoad") return "Gatsby's loader reading data";
    if (/^(UpdateLayoutTree|RecalculateStyles|Layout|Paint|PrePaint|Layerize|Commit)$/.test(event.name))
      return "style, layout and paint";
    if (event.name === "ParseHTML") return "parsing HTML";
  }
  return inner.some((event) => event.name === "ResourceReceivedData" || event.name === "ResourceFinish")
    ? "a download arriving"
    : "other (the browser's own)";
}

/** Milliseconds of blocking time by cause, for one load. */
export function blockingCauses(events: readonly TraceEvent[]): Map<string, number> {
  const own = mainThreadEvents(events).sort((a, b) => a.ts - b.ts);
  const paint = events.find((event) => event.name === "firstContentfulPaint")?.ts;
  if (paint === undefined) throw new Error("The trace holds no first contentful paint.");
  const tasks = topLevelTasks(own);
  const causes = new Map<string, number>();
  for (const task of tasks) {
    const blocking = (CPU_SLOWDOWN * task.dur!) / 1000 - LONG_TASK_MS;
    if (task.ts < paint || blocking <= 0) continue;
    const inner = own.filter(
      (event) =>
        event !== task && event.ts >= task.ts && event.ts < task.ts + task.dur! && !event.name.includes("RunTask"),
    );
    const cause = causeOf(inner);
    causes.set(cause, (causes.get(cause) ?? 0) + blocking);
  }
  return causes;
}

/** The mean of each cause over loads, largest first, as one line. */
export function meanCauses(loads: ReadonlyArray<Map<string, number>>): string {
  const totals = new Map<string, number>();
  for (const load of loads) for (const [cause, ms] of load) totals.set(cause, (totals.get(cause) ?? 0) + ms);
  const total = [...totals.values()].reduce((sum, ms) => sum + ms, 0) / loads.length;
  const parts = [...totals]
    .map(([cause, ms]) => [cause, ms / loads.length] as const)
    .filter(([, ms]) => ms >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([cause, ms]) => `${cause} ${Math.round(ms)}`);
  return `${Math.round(total)} ms: ${parts.join("; ")}`;
}

if (require.main === module) {
  const files = process.argv.slice(2);
  if (!files.length) throw new Error("usage: tsx scripts/bench/blocking-causes.ts <trace.json>...");
  const loads = files.map((file) => {
    const trace = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return blockingCauses(Array.isArray(trace) ? trace : trace.traceEvents);
  });
  console.log(`${loads.length} loads, blocking time per load ${meanCauses(loads)}`);
}
