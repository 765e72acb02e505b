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
  /** Audits that cost points in accessibility, best practices or SEO. */
  failing: string[];
}

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
    failing,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of every figure on its own; failing audits are those that failed in any run. */
export function medianOf(runs: readonly RunSummary[]): RunSummary {
  const of = (key: Exclude<keyof RunSummary, "failing">) => median(runs.map((run) => run[key]));
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ratio = (value: number, floor: number) => (floor > 0 ? `${(value / floor).toFixed(2)}×` : "n/a");
const points = (value: number) => value.toFixed(2);
// TBT of a bare page is often 0 ms, so a page's TBT is compared by difference, not ratio.
const signedMs = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(Math.round(value))} ms`;
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
