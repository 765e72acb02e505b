/**
 * What the bench keeps from a Lighthouse result, the median of several runs, and the report
 * that puts every page beside a bare Gatsby page measured in the same run.
 */
import { lighthouseTargets } from "../budgets";

/** The few parts of a Lighthouse result (LHR) the bench reads. */
export interface Lhr {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number; hostUserAgent: string };
  configSettings: { formFactor: string; throttlingMethod: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      scoreDisplayMode?: string;
      details?: { items?: Array<Record<string, unknown>> };
    }
  >;
}

/** One script's main-thread time in a run (Lighthouse's bootup-time audit, simulated CPU). */
export interface ScriptTime {
  url: string;
  /** Milliseconds spent evaluating and running it. */
  scripting: number;
}

export interface RunSummary {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  /** Bytes of JavaScript over the network (compressed), and of everything. */
  jsBytes: number;
  totalBytes: number;
  benchmarkIndex: number;
  /**
   * LCP's breakdown, in milliseconds of the simulated phone: time to first byte, then (for an image)
   * the delay and time to load it, then the render delay until the element is painted.
   */
  ttfb: number;
  lcpLoadDelay: number;
  lcpLoadTime: number;
  lcpRenderDelay: number;
  /** The element Lighthouse counted as the largest contentful paint (its CSS selector). */
  lcpElement: string;
  /** Main-thread time of the page's scripts, longest first. */
  scripts: ScriptTime[];
  /** Audits that cost points in accessibility, best practices or SEO. */
  failing: string[];
}

type Item = Record<string, unknown>;

/** The largest-contentful-paint-element audit: a list of two tables, the element and its phases. */
function lcpDetails(lhr: Lhr): { element: string; phases: Record<string, number> } {
  const tables = (lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []) as Array<{ items?: Item[] }>;
  const node = tables[0]?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const phases: Record<string, number> = {};
  for (const row of tables[1]?.items ?? []) phases[String(row.phase)] = Number(row.timing ?? Number.NaN);
  return { element: node?.selector ?? node?.nodeLabel ?? "unknown", phases };
}

/** Where a script came from, short: its file name, or "page" for the HTML's own inline scripts. */
function scriptName(url: string): string {
  try {
    const file = new URL(url).pathname.split("/").pop() ?? "";
    return file.endsWith(".js") ? file : "page";
  } catch {
    return url; // Lighthouse's "Unattributable"
  }
}

function scriptTimes(lhr: Lhr): ScriptTime[] {
  return (lhr.audits["bootup-time"]?.details?.items ?? [])
    .map((item) => ({ url: scriptName(String(item.url)), scripting: Number(item.scripting ?? 0) }))
    .sort((a, b) => b.scripting - a.scripting);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const score = (lhr: Lhr, category: string) => lhr.categories[category]?.score ?? 0;
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

export function summarize(lhr: Lhr): RunSummary {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const jsBytes = requests
    .filter((request) => request.resourceType === "Script")
    .reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0);
  const failing = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => {
        const audit = lhr.audits[ref.id];
        return ref.weight > 0 && audit?.score !== null && audit?.score !== undefined && audit.score < 1;
      })
      .map((ref) => `${category}: ${ref.id}`),
  );
  const lcp = lcpDetails(lhr);
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    fcp: numeric(lhr, "first-contentful-paint"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    jsBytes,
    totalBytes: numeric(lhr, "total-byte-weight"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ttfb: lcp.phases.TTFB ?? Number.NaN,
    lcpLoadDelay: lcp.phases["Load Delay"] ?? Number.NaN,
    lcpLoadTime: lcp.phases["Load Time"] ?? Number.NaN,
    lcpRenderDelay: lcp.phases["Render Delay"] ?? Number.NaN,
    lcpElement: lcp.element,
    scripts: scriptTimes(lhr),
    failing,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value seen most often (the first of equals). */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ["", 0])[0];
}

/** Each script's median time over the runs (0 in a run that did not list it), longest first. */
function medianScripts(runs: readonly RunSummary[]): ScriptTime[] {
  const urls = [...new Set(runs.flatMap((run) => run.scripts.map((script) => script.url)))];
  return urls
    .map((url) => ({
      url,
      scripting: median(runs.map((run) => run.scripts.find((script) => script.url === url)?.scripting ?? 0)),
    }))
    .sort((a, b) => b.scripting - a.scripting);
}

type NumericKey = { [K in keyof RunSummary]: RunSummary[K] extends number ? K : never }[keyof RunSummary];

/** The median of every figure on its own; failing audits are those that failed in any run. */
export function medianOf(runs: readonly RunSummary[]): RunSummary {
  const of = (key: NumericKey) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcp: of("lcp"),
    tbt: of("tbt"),
    fcp: of("fcp"),
    cls: of("cls"),
    jsBytes: of("jsBytes"),
    totalBytes: of("totalBytes"),
    benchmarkIndex: of("benchmarkIndex"),
    ttfb: of("ttfb"),
    lcpLoadDelay: of("lcpLoadDelay"),
    lcpLoadTime: of("lcpLoadTime"),
    lcpRenderDelay: of("lcpRenderDelay"),
    lcpElement: mostCommon(runs.map((run) => run.lcpElement)),
    scripts: medianScripts(runs),
    failing: [...new Set(runs.flatMap((run) => run.failing))].sort(),
  };
}

/** The targets of scripts/budgets.ts a page misses, beside the floor. */
export function missedTargets(page: RunSummary, floor: RunSummary): string[] {
  const t = lighthouseTargets;
  const missed: string[] = [];
  if (page.performance < t.performance) missed.push(`performance ${page.performance.toFixed(2)} < ${t.performance}`);
  if (floor.performance - page.performance > t.performanceBelowFloor + 1e-9) {
    missed.push(`performance ${(floor.performance - page.performance).toFixed(2)} below the floor`);
  }
  if (page.lcp - floor.lcp > t.lcpAboveFloor) missed.push(`LCP ${seconds(page.lcp - floor.lcp)} above the floor`);
  if (page.tbt - floor.tbt > t.tbtAboveFloor) missed.push(`TBT ${Math.round(page.tbt - floor.tbt)} ms above the floor`);
  if (page.accessibility < t.accessibility) missed.push(`accessibility ${page.accessibility.toFixed(2)}`);
  if (page.bestPractices < t.bestPractices) missed.push(`best practices ${page.bestPractices.toFixed(2)}`);
  if (page.seo < t.seo) missed.push(`SEO ${page.seo.toFixed(2)}`);
  if (page.cls > t.cls) missed.push(`CLS ${page.cls.toFixed(3)}`);
  return missed;
}

export interface PageResult {
  path: string;
  median: RunSummary;
  runs: RunSummary[];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ratio = (value: number, floor: number) => (floor > 0 ? `${(value / floor).toFixed(2)}×` : "n/a");
const points = (value: number) => value.toFixed(2);
// TBT of a bare page is often 0 ms, so a page's TBT is compared by difference, not ratio.
const signedMs = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(Math.round(value))} ms`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

/** The main table: the floor first, then each page with its ratio to the floor. */
export function resultsTable(floor: PageResult, pages: readonly PageResult[]): string {
  const f = floor.median;
  const row = (name: string, m: RunSummary, isFloor: boolean) =>
    `| ${name} | ${points(m.performance)} | ${isFloor ? "" : signed(m.performance - f.performance)} | ` +
    `${seconds(m.lcp)} | ${isFloor ? "" : ratio(m.lcp, f.lcp)} | ${Math.round(m.tbt)} ms | ${isFloor ? "" : `${signedMs(m.tbt - f.tbt)}`} | ` +
    `${m.cls.toFixed(3)} | ${kb(m.jsBytes)} | ${isFloor ? "" : ratio(m.jsBytes, f.jsBytes)} | ` +
    `${points(m.accessibility)} | ${points(m.bestPractices)} | ${points(m.seo)} | ` +
    `${isFloor ? "" : missedTargets(m, f).join("; ") || "all met"} |`;
  return [
    "| page | performance | vs floor | LCP | LCP vs floor | TBT | TBT vs floor | CLS | JS (network) | JS vs floor | accessibility | best practices | SEO | targets |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    row("floor: bare Gatsby page", f, true),
    ...pages.map((page) => row(page.path, page.median, false)),
  ].join("\n");
}

/**
 * The trade-off in one table: the simulated phone's first and largest paint (the median of each
 * run's LCP - FCP: a request that ended before the paint counts against LCP alone), beside when
 * React starts to hydrate under network emulation (scripts/bench/hydration-timing.ts), each with
 * the floor's of the same run. `hydrationRuns` gives each run's start by page name ("floor" for
 * the floor's; null where React never started), whose median the table shows.
 */
export function paintTable(
  floor: PageResult,
  pages: readonly PageResult[],
  hydrationRuns: (name: string) => ReadonlyArray<number | null>,
): string {
  const hydration = (name: string) => {
    const seen = hydrationRuns(name).filter((value): value is number => value !== null);
    return seen.length ? median(seen) : null;
  };
  const f = floor.median;
  const floorHydration = hydration("floor");
  const row = (name: string, page: PageResult, isFloor: boolean) => {
    const m = page.median;
    const gap = median(page.runs.map((run) => run.lcp - run.fcp));
    const hydrates = hydration(isFloor ? "floor" : page.path);
    return (
      `| ${name} | ${ms(m.fcp)} | ${isFloor ? "" : signedMs(m.fcp - f.fcp)} | ${ms(m.lcp)} | ${ms(gap)} | ` +
      `${hydrates === null ? "none" : ms(hydrates)} | ${isFloor || hydrates === null || floorHydration === null ? "" : signedMs(hydrates - floorHydration)} |`
    );
  };
  return [
    "| page | FCP (simulated) | FCP vs floor | LCP (simulated) | LCP − FCP | React starts to hydrate (network emulation) | vs floor |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    row("floor: bare Gatsby page", floor, true),
    ...pages.map((page) => row(page.path, page, false)),
  ].join("\n");
}

/** Every run's performance score, to show the spread behind each median. */
export function spreadTable(floor: PageResult, pages: readonly PageResult[]): string {
  return [
    "| page | performance, each run | LCP, each run | TBT, each run |",
    "| --- | --- | --- | --- |",
    ...[{ ...floor, path: "floor" }, ...pages].map(
      (page) =>
        `| ${page.path} | ${page.runs.map((run) => points(run.performance)).join(", ")} | ` +
        `${page.runs.map((run) => seconds(run.lcp)).join(", ")} | ${page.runs.map((run) => `${Math.round(run.tbt)} ms`).join(", ")} |`,
    ),
  ].join("\n");
}

/**
 * Why each page is as fast as it is: LCP's breakdown (first byte, loading an image, render delay),
 * the element painted, and the scripts that kept the main thread busy, beside the floor.
 */
export function causeTable(floor: PageResult, pages: readonly PageResult[], topScripts = 3): string {
  const row = (name: string, m: RunSummary) =>
    `| ${name} | ${seconds(m.lcp)} | ${ms(m.ttfb)} | ${ms(m.lcpLoadDelay + m.lcpLoadTime)} | ${ms(m.lcpRenderDelay)} | ` +
    `\`${m.lcpElement.replace(/\|/g, "\\|")}\` | ${Math.round(m.tbt)} ms | ` +
    `${m.scripts
      .slice(0, topScripts)
      .map((script) => `${script.url} ${Math.round(script.scripting)} ms`)
      .join(", ")} |`;
  return [
    "| page | LCP | first byte | image load | render delay | LCP element | TBT | top scripts by main-thread time |",
    "| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |",
    row("floor: bare Gatsby page", floor.median),
    ...pages.map((page) => row(page.path, page.median)),
  ].join("\n");
}

/** How far the floor moved within the run: measured before and after the pages in every round. */
export function floorDrift(before: readonly RunSummary[], after: readonly RunSummary[]): string {
  const b = medianOf(before);
  const a = medianOf(after);
  const range = (runs: readonly RunSummary[], key: "performance" | "lcp" | "tbt") => {
    const values = runs.map((run) => run[key]);
    return [Math.min(...values), Math.max(...values)];
  };
  const all = [...before, ...after];
  const [pMin, pMax] = range(all, "performance");
  const [lMin, lMax] = range(all, "lcp");
  const [tMin, tMax] = range(all, "tbt");
  return (
    `The floor, median before the pages / after them: performance ${points(b.performance)} / ${points(a.performance)}, ` +
    `LCP ${seconds(b.lcp)} / ${seconds(a.lcp)}, TBT ${Math.round(b.tbt)} / ${Math.round(a.tbt)} ms. ` +
    `Over all ${all.length} floor runs: performance ${points(pMin!)}–${points(pMax!)}, LCP ${seconds(lMin!)}–${seconds(lMax!)}, ` +
    `TBT ${Math.round(tMin!)}–${Math.round(tMax!)} ms.`
  );
}
