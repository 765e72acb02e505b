/**
 * `npm run bench`: Lighthouse's mobile preset on the built site served as in production (src/serve/serve.ts),
 * each page beside a bare Gatsby page as the floor, in alternating rounds; medians with their causes (LCP's
 * breakdown, busy scripts) and hydration timing, to reports/lighthouse.md and docs/performance.md. --site compares
 * built copies and leaves docs/performance.md alone. A benchmark, not part of npm test.
 *   npm run build && tsx scripts/bench/lighthouse-bench.ts [--runs 5] [--route /x ...] [--report file] [--site l=dir]
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import { siteRoot } from "../lib/site-copy";
import { BENCH_ROUTES, buildFloor, builtSites } from "./floor-site";
import { lighthouseTargets } from "../budgets";
import { CHROMIUM_ARGS, ensureChromium } from "../lib/chromium";
import { betweenMarkers } from "../lib/readme-markers";
import { rewriteBetweenMarkers } from "./write-figures";
import {
  causeTable,
  floorDrift,
  medianOf,
  missedTargets,
  paintTable,
  resultsTable,
  spreadTable,
  summarize,
  type Lhr,
  type PageResult,
  type RunSummary,
} from "./lighthouse-summary";
import { startProductionServer } from "../../src/serve/serve";
import { EMULATION, measureHydration } from "./hydration-timing";

/** One Lighthouse run in a plain Node process (see scripts/bench/lighthouse-run.mjs). */
function runLighthouse(url: string, port: number, output: string): Promise<RunSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, "lighthouse-run.mjs"), url, String(port), output], {
      stdio: ["ignore", "inherit", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse failed on ${url}:\n${errors}`));
      resolve(summarize(JSON.parse(readFileSync(output, "utf8")) as Lhr));
    });
  });
}

/**
 * Lighthouse now and then fails to record a page load (NO_NAVSTART, a lost protocol message);
 * such a run measured nothing, so it is made again, up to twice.
 */
async function runLighthouseWithRetries(url: string, port: number, output: string): Promise<RunSummary> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, port, output);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(
        `  Lighthouse failed on ${url} (attempt ${attempt} of 3), running it again: ${(error as Error).message}`,
      );
    }
  }
}

function chromiumVersion(lhr: Lhr): string {
  return /Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? "unknown";
}

interface BenchRun {
  floor: PageResult;
  floorBefore: RunSummary[];
  floorAfter: RunSummary[];
  pages: PageResult[];
  runs: number;
  loadBefore: number[];
  loadAfter: number[];
  lighthouseVersion: string;
  chromium: string;
  started: Date;
  minutes: number;
  /** Each round's start of hydration under network emulation, by page name ("floor" for the floor). */
  hydration: (name: string) => ReadonlyArray<number | null>;
}

function report(bench: BenchRun): string {
  const { floor, pages } = bench;
  const missed = pages.filter((page) => missedTargets(page.median, floor.median).length);
  const failing = [floor, ...pages].filter((page) => page.median.failing.length);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  const t = lighthouseTargets;
  return [
    "# Lighthouse",
    "",
    `Lighthouse ${bench.lighthouseVersion}, mobile preset (Moto G Power screen, simulated slow 4G, 4× CPU slowdown),`,
    `in Chromium ${bench.chromium}, headless; median of ${bench.runs} runs per page (the floor: of ${2 * bench.runs}). The built site is served by`,
    "src/serve/serve.ts as in production: the built files with the deployed headers; it caches",
    "hashed files for a year and compresses with brotli like a CDN. The floor is a bare Gatsby page (one",
    "heading, the same Gatsby 5 and React 18) built and served the same way in the same run, measured before",
    "and after the pages in every round.",
    "",
    `Run on ${bench.started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${bench.minutes.toFixed(0)} minutes, on ${cpus().length} CPU cores ` +
      `(${cpus()[0]?.model ?? "unknown"}) shared with other work. Load average (1, 5, 15 min) before: ${load(bench.loadBefore)}; ` +
      `after: ${load(bench.loadAfter)}. Lighthouse's benchmark index (higher is a faster machine): ${Math.round(floor.median.benchmarkIndex)}.`,
    "Timings on a shared machine move by a few points between runs; compare pages with the floor of the same run.",
    floorDrift(bench.floorBefore, bench.floorAfter),
    "",
    `Targets (scripts/budgets.ts): performance at least ${t.performance} and within ${t.performanceBelowFloor} of the floor; ` +
      `LCP at most ${t.lcpAboveFloor} ms and TBT at most ${t.tbtAboveFloor} ms above the floor's; accessibility, best practices and SEO ${t.accessibility}; CLS ${t.cls}.`,
    "JS is what Chromium downloaded over the network for the page's first view (compressed bytes).",
    "",
    resultsTable(floor, pages),
    "",
    missed.length
      ? `**Targets missed:** ${missed.map((page) => page.path).join(", ")}.`
      : "Every page meets every target.",
    "",
    ...(failing.length
      ? [
          "Audits that cost points (in any run):",
          "",
          ...failing.map((page) => `- ${page === floor ? "floor" : page.path}: ${page.median.failing.join(", ")}`),
          "",
        ]
      : []),
    "## Why: LCP's breakdown and the main thread",
    "",
    "Medians of the simulated phone. For a text element there is no image to load, so LCP is first byte plus",
    "render delay: the time until the browser paints it, which grows with everything the main thread must",
    "do first (style, layout, and any script that runs before the paint).",
    "",
    causeTable(floor, pages),
    "",
    "## First paint, largest paint and hydration",
    "",
    "The simulated phone's FCP and LCP (LCP − FCP: the median of each run's) beside when React starts to",
    `hydrate in Chromium under network emulation (${EMULATION.latencyMs} ms a request, ${EMULATION.downloadBitsPerSecond / 1e6} Mb/s, no CPU slowdown),`,
    "one load of each page per round: what a page asks for before its paint delays LCP, and after it, hydration.",
    "",
    paintTable(floor, pages, bench.hydration),
    "",
    "## Every run",
    "",
    spreadTable(floor, pages),
    "",
    "## Reproduce",
    "",
    "```sh",
    "uptime          # a quiet machine gives steadier timings: load average below about 1",
    "npm run bench   # builds the site, builds the floor, runs Lighthouse, writes this file and the figures in docs/performance.md",
    "```",
    "",
  ].join("\n");
}

/** The short table in docs/performance.md, between its lighthouse markers. */
async function updateReadme(bench: BenchRun): Promise<void> {
  const file = path.join(siteRoot, "docs", "performance.md");
  const readme = readFileSync(file, "utf8");
  if (betweenMarkers(readme, "lighthouse") === undefined) return;
  const row = (name: string, m: RunSummary) =>
    `| ${name} | ${m.performance.toFixed(2)} | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ` +
    `${(m.jsBytes / 1000).toFixed(1)} KB | ${m.accessibility.toFixed(2)} | ${m.bestPractices.toFixed(2)} | ${m.seo.toFixed(2)} |`;
  const table = [
    `Latest run: ${bench.started.toISOString().slice(0, 10)}, Lighthouse ${bench.lighthouseVersion} mobile, median of ${bench.runs} (details in [reports/lighthouse.md](../reports/lighthouse.md)).`,
    "",
    "| page | performance | LCP | TBT | CLS | JS | accessibility | best practices | SEO |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    row("floor: bare Gatsby page", bench.floor.median),
    ...bench.pages.map((page) => row(`\`${page.path}\``, page.median)),
    "",
    paintTable(bench.floor, bench.pages, bench.hydration),
  ].join("\n");
  await rewriteBetweenMarkers(file, "lighthouse", table);
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      route: { type: "string", multiple: true },
      site: { type: "string", multiple: true },
      report: { type: "string", default: path.join(siteRoot, "reports", "lighthouse.md") },
      "no-readme": { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  const routes = values.route?.length ? values.route : BENCH_ROUTES;
  const sites = builtSites(values.site);

  const started = new Date();
  const loadBefore = loadavg();
  console.log(`Load average before: ${loadBefore.map((value) => value.toFixed(2)).join(", ")}`);
  console.log("Building the floor: a bare Gatsby page…");
  const floorSite = await buildFloor();
  const cleanup: Array<() => Promise<unknown>> = [floorSite.remove];
  const stopAll = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));

  try {
    const pageTargets: Array<{ name: string; url: string }> = [];
    const servers: string[] = [];
    for (const { root } of sites) {
      const server = await startProductionServer({ port: 0, host: "127.0.0.1", siteRoot: root });
      cleanup.push(server.stop);
      servers.push(server.url);
    }
    // Interleaved: each route on every site in turn, so an A/B pair meets the same moment of load.
    for (const route of routes) {
      sites.forEach(({ label }, index) =>
        pageTargets.push({ name: label ? `${label} ${route}` : route, url: `${servers[index]}${route}` }),
      );
    }
    const floorServer = await startProductionServer({ port: 0, host: "127.0.0.1", siteRoot: floorSite.dir });
    cleanup.push(floorServer.stop);
    const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: CHROMIUM_ARGS });
    cleanup.push(async () => chrome.kill());
    const emulated = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
    cleanup.push(() => emulated.close());

    const workDir = path.join(siteRoot, "reports", "tmp");
    mkdirSync(workDir, { recursive: true });
    const floorUrl = `${floorServer.url}/`;
    const results = new Map<string, RunSummary[]>(pageTargets.map((target) => [target.name, []]));
    const floorBefore: RunSummary[] = [];
    const floorAfter: RunSummary[] = [];

    // One unrecorded run on each server, so no page pays for a cold server.
    await runLighthouseWithRetries(floorUrl, chrome.port, path.join(workDir, "warm-up.json"));
    for (const url of servers)
      await runLighthouseWithRetries(`${url}/`, chrome.port, path.join(workDir, "warm-up.json"));
    let lhrFile = "";
    const measure = async (name: string, url: string, round: number, into: RunSummary[]) => {
      lhrFile = path.join(workDir, `lighthouse-${name.replace(/\W+/g, "_") || "home"}-${round}.json`);
      const summary = await runLighthouseWithRetries(url, chrome.port, lhrFile);
      into.push(summary);
      console.log(
        `  round ${round} ${name}: performance ${summary.performance.toFixed(2)}, LCP ${Math.round(summary.lcp)} ms ` +
          `(first byte ${Math.round(summary.ttfb)}, render delay ${Math.round(summary.lcpRenderDelay)}; ${summary.lcpElement}), ` +
          `TBT ${Math.round(summary.tbt)} ms, CLS ${summary.cls.toFixed(3)}, JS ${(summary.jsBytes / 1000).toFixed(1)} KB; ` +
          `load ${loadavg()[0]!.toFixed(2)}`,
      );
    };
    const hydrations = new Map<string, Array<number | null>>();
    const measureHydrationOf = async (name: string, url: string) => {
      const { hydration } = await measureHydration(emulated, url);
      hydrations.set(name, [...(hydrations.get(name) ?? []), hydration]);
    };
    for (let round = 1; round <= runs; round += 1) {
      await measure("floor-before", floorUrl, round, floorBefore);
      await measureHydrationOf("floor", floorUrl);
      for (const target of pageTargets) {
        await measure(target.name, target.url, round, results.get(target.name)!);
        await measureHydrationOf(target.name, target.url);
      }
      await measure("floor-after", floorUrl, round, floorAfter);
    }
    const hydration = (name: string) => hydrations.get(name) ?? [];
    const lastLhr = JSON.parse(readFileSync(lhrFile, "utf8")) as Lhr;
    const pageResult = (name: string): PageResult => ({
      path: name,
      runs: results.get(name)!,
      median: medianOf(results.get(name)!),
    });
    const floorRuns = floorBefore.flatMap((run, index) => [run, floorAfter[index]!]);
    const bench: BenchRun = {
      floor: { path: "floor", runs: floorRuns, median: medianOf(floorRuns) },
      floorBefore,
      floorAfter,
      pages: pageTargets.map((target) => pageResult(target.name)),
      runs,
      loadBefore,
      loadAfter: loadavg(),
      lighthouseVersion: lastLhr.lighthouseVersion,
      chromium: chromiumVersion(lastLhr),
      started,
      minutes: (Date.now() - started.getTime()) / 60_000,
      hydration,
    };
    const text = report(bench);
    mkdirSync(path.dirname(values.report!), { recursive: true });
    writeFileSync(values.report!, text);
    if (!values["no-readme"] && sites.length === 1) await updateReadme(bench);
    console.log(
      `\n${resultsTable(bench.floor, bench.pages)}\n\n${causeTable(bench.floor, bench.pages)}\n\n` +
        `${paintTable(bench.floor, bench.pages, hydration)}\n\n` +
        `${floorDrift(floorBefore, floorAfter)}\n\nReport written to ${path.relative(siteRoot, values.report!)}`,
    );
  } finally {
    await stopAll();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
