/**
 * `npm run bench:main-thread`: each page's main thread while it loads and hydrates, beside a bare Gatsby page,
 * in interleaved rounds (Chromium at 4× CPU slowdown, a Chrome trace per load; scripts/bench/main-thread-trace.ts).
 * Medians of blocking time, busy time and the longest task, and what ran in the long tasks, to docs/performance.md.
 *   npm run build && tsx scripts/bench/main-thread.ts [--rounds 5] [--route /x] [--site label=dir] [--floor dir] [--verbose]
 */
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureTestBrowser } from "../lib/chromium";
import { markdownTable } from "../lib/readme-markers";
import { rewriteBetweenMarkers } from "./write-figures";
import { siteRoot } from "../lib/site-copy";
import { startProductionServer } from "../../src/serve/serve";
import { BENCH_ROUTES, buildFloor, builtSites } from "./floor-site";
import { CPU_SLOWDOWN, traceLoad, type MainThreadLoad } from "./main-thread-trace";
import { median } from "./lighthouse-summary";

const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;

/** The parts of a load's long tasks, summed over its loads and divided by their count. */
function meanParts(loads: MainThreadLoad[]): string {
  const totals = new Map<string, number>();
  for (const load of loads)
    for (const task of load.longTasks)
      for (const part of task.parts) totals.set(part.what, (totals.get(part.what) ?? 0) + part.ms);
  return [...totals]
    .map(([what, total]) => [what, total / loads.length] as const)
    .filter(([, mean]) => mean >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([what, mean]) => `${what} ${ms(mean)}`)
    .join("; ");
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "5" },
      route: { type: "string", multiple: true },
      site: { type: "string", multiple: true },
      floor: { type: "string" },
      verbose: { type: "boolean", default: false },
      "no-docs": { type: "boolean", default: false },
    },
  });
  const rounds = Number(values.rounds);
  const routes = values.route?.length ? values.route : BENCH_ROUTES;
  const sites = builtSites(values.site);
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    let floorRoot = values.floor ? path.resolve(values.floor) : undefined;
    if (!floorRoot || !existsSync(path.join(floorRoot, "public", "index.html"))) {
      console.log("Building the floor: a bare Gatsby page…");
      const floor = await buildFloor(sites[0]!.root);
      cleanup.push(floor.remove);
      floorRoot = floor.dir;
    }
    const urls: string[] = [];
    for (const root of [floorRoot, ...sites.map((site) => site.root)]) {
      const server = await startProductionServer({ port: 0, host: "127.0.0.1", siteRoot: root });
      cleanup.push(server.stop);
      urls.push(server.url);
    }
    const [floorUrl, ...siteUrls] = urls;
    const browser = await chromium.launch(ensureTestBrowser());
    cleanup.push(() => browser.close());

    const loads = new Map<string, MainThreadLoad[]>();
    const record = async (key: string, url: string, isFloor: boolean) => {
      const load = await traceLoad(browser, url, !isFloor);
      loads.set(key, [...(loads.get(key) ?? []), load]);
      const longest = Math.max(0, ...load.longTasks.map((task) => task.durationMs));
      console.log(
        `  ${key}: FCP ${load.fcpMs === null ? "none" : ms(load.fcpMs)}, blocking ${ms(load.blockingMs)}, busy ${ms(load.busyMs)}, longest task ${ms(longest)}, ` +
          `long tasks ${load.longTasks.map((task) => `${ms(task.startMs)}+${ms(task.durationMs)}`).join(", ")}`,
      );
      if (values.verbose)
        for (const task of load.longTasks)
          console.log(
            `    at ${ms(task.startMs)}, ${ms(task.durationMs)}: ${task.parts.map((part) => `${part.what} ${ms(part.ms)}`).join("; ")}`,
          );
    };
    const keyOf = (label: string, route: string) => `${label} ${route}`.trim();
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`round ${round}`);
      await record("floor", `${floorUrl}/`, true);
      for (const route of routes)
        for (const [index, { label }] of sites.entries())
          await record(keyOf(label, route), `${siteUrls[index]}${route}`, false);
    }
    await record("floor", `${floorUrl}/`, true);

    const rows = [...loads].map(([key, runs]) => [
      key === "floor" ? "bare Gatsby page (floor)" : `\`${key}\``,
      ms(median(runs.map((run) => run.blockingMs))),
      ms(median(runs.map((run) => run.busyMs))),
      ms(median(runs.map((run) => Math.max(0, ...run.longTasks.map((task) => task.durationMs))))),
      String(median(runs.map((run) => run.longTasks.length))),
      meanParts(runs) || "none",
    ]);
    const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
    const text = [
      `Run on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} cores: Chromium ${browser.version()} at 390 px, ` +
        `CPU ${CPU_SLOWDOWN}× slower, loopback network; medians of ${rounds} loads per page in interleaved rounds, ` +
        `${rounds + 1} of the floor (load average after: ${one}, ${five}, ${fifteen}).`,
      "",
      markdownTable(
        [
          "page",
          "blocking after FCP",
          "main thread busy",
          "longest task",
          "long tasks",
          "in long tasks (mean per load)",
        ],
        rows,
      ),
    ].join("\n");
    console.log(`\n${text}`);
    if (!values["no-docs"]) {
      const file = path.join(siteRoot, "docs", "performance.md");
      await rewriteBetweenMarkers(file, "main-thread", text);
      console.log(`\nWritten to ${path.relative(siteRoot, file)}`);
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
