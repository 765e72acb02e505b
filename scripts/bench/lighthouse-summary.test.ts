/** @jest-environment node */
import {
  causeTable,
  floorDrift,
  median,
  medianOf,
  missedTargets,
  paintTable,
  resultsTable,
  summarize,
  type Lhr,
  type RunSummary,
} from "./lighthouse-summary";

function lhr({ performance = 0.99, bestPractices = 1, lcp = 1500, tbt = 40 } = {}): Lhr {
  return {
    lighthouseVersion: "13.5.0",
    environment: { benchmarkIndex: 2000, hostUserAgent: "HeadlessChrome/156.0.0.0" },
    configSettings: { formFactor: "mobile", throttlingMethod: "simulate" },
    categories: {
      performance: { score: performance, auditRefs: [] },
      accessibility: { score: 1, auditRefs: [{ id: "color-contrast", weight: 7 }] },
      "best-practices": { score: bestPractices, auditRefs: [{ id: "errors-in-console", weight: 1 }] },
      seo: { score: 1, auditRefs: [{ id: "meta-description", weight: 1 }] },
    },
    audits: {
      "largest-contentful-paint": { score: 1, numericValue: lcp },
      "total-blocking-time": { score: 1, numericValue: tbt },
      // Lighthouse 12's shape: a list of two tables, the element, then LCP's phases on the simulated phone.
      "largest-contentful-paint-element": {
        score: 0,
        details: {
          items: [
            { items: [{ node: { type: "node", selector: "main > section > p.text-lg", nodeLabel: "We inspect…" } }] },
            {
              items: [
                { phase: "TTFB", timing: 450 },
                { phase: "Load Delay", timing: 0 },
                { phase: "Load Time", timing: 0 },
                { phase: "Render Delay", timing: lcp - 450 },
              ],
            },
          ],
        },
      },
      "bootup-time": {
        score: 1,
        details: {
          items: [
            { url: "http://127.0.0.1:9400/framework-1a2b.js", total: 300, scripting: 180 },
            { url: "http://127.0.0.1:9400/app-3c4d.js", total: 400, scripting: 250 },
            { url: "Unattributable", total: 90, scripting: 10 },
            { url: "http://127.0.0.1:9400/services/radon", total: 120, scripting: 60 },
          ],
        },
      },
      "first-contentful-paint": { score: 1, numericValue: 700 },
      "cumulative-layout-shift": { score: 1, numericValue: 0 },
      "total-byte-weight": { score: 1, numericValue: 150_000 },
      "color-contrast": { score: 1 },
      "errors-in-console": { score: bestPractices < 1 ? 0 : 1 },
      "meta-description": { score: 1 },
      "network-requests": {
        score: 1,
        details: {
          items: [
            { resourceType: "Document", transferSize: 12_000 },
            { resourceType: "Script", transferSize: 43_000 },
            { resourceType: "Script", transferSize: 25_000 },
          ],
        },
      },
    },
  };
}

describe("summarize", () => {
  it("keeps the scores, the timings, the JavaScript bytes and the audits that cost points", () => {
    const summary = summarize(lhr({ bestPractices: 0.96 }));
    expect(summary).toMatchObject({
      performance: 0.99,
      bestPractices: 0.96,
      lcp: 1500,
      tbt: 40,
      cls: 0,
      jsBytes: 68_000,
    });
    expect(summary.failing).toEqual(["best-practices: errors-in-console"]);
  });

  it("keeps LCP's breakdown, the LCP element and the scripts by main-thread time, longest first", () => {
    const summary = summarize(lhr({ lcp: 2600 }));
    expect(summary).toMatchObject({ ttfb: 450, lcpLoadDelay: 0, lcpLoadTime: 0, lcpRenderDelay: 2150 });
    expect(summary.lcpElement).toBe("main > section > p.text-lg");
    expect(summary.scripts.map((script) => script.url)).toEqual([
      "app-3c4d.js",
      "framework-1a2b.js",
      "page",
      "Unattributable",
    ]);
  });
});

describe("medians and targets", () => {
  it("takes the median of each figure across runs", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const runs = [1200, 1500, 1900].map((lcp, i) => summarize(lhr({ lcp, performance: [0.97, 1, 0.99][i] })));
    expect(medianOf(runs)).toMatchObject({ lcp: 1500, performance: 0.99 });
  });

  it("names the targets a page misses against the floor", () => {
    const floor = summarize(lhr({ performance: 1 }));
    const slow: RunSummary = { ...summarize(lhr({ performance: 0.93, bestPractices: 0.96 })), cls: 0.02 };
    expect(missedTargets(summarize(lhr({ performance: 0.98 })), floor)).toEqual([]);
    expect(missedTargets(slow, floor)).toEqual([
      "performance 0.93 < 0.95",
      "performance 0.07 below the floor",
      "best practices 0.96",
      "CLS 0.020",
    ]);
  });

  it("prints the floor first and every page's ratio to it", () => {
    const floor = { path: "floor", runs: [], median: summarize(lhr({ performance: 1, lcp: 1000 })) };
    const page = { path: "/services/radon", runs: [], median: summarize(lhr({ performance: 0.99, lcp: 1250 })) };
    const table = resultsTable(floor, [page]).split("\n");
    expect(table[2]).toMatch(/^\| floor: bare Gatsby page \| 1\.00 \|/);
    expect(table[3]).toMatch(/^\| \/services\/radon \| 0\.99 \| -0\.01 \| 1\.25 s \| 1\.25× \|.*\| all met \|$/);
  });

  it("misses a page whose LCP or TBT is too far above the floor's", () => {
    const floor = summarize(lhr({ performance: 0.99, lcp: 1000, tbt: 50 }));
    expect(missedTargets(summarize(lhr({ lcp: 1300, tbt: 150 })), floor)).toEqual([]);
    expect(missedTargets(summarize(lhr({ lcp: 1400, tbt: 200 })), floor)).toEqual([
      "LCP 0.40 s above the floor",
      "TBT 150 ms above the floor",
    ]);
  });

  it("prints the cause of each page's LCP beside the floor's", () => {
    const floor = { path: "floor", runs: [], median: summarize(lhr({ lcp: 900 })) };
    const page = { path: "/", runs: [], median: summarize(lhr({ lcp: 2600 })) };
    const table = causeTable(floor, [page]).split("\n");
    expect(table[3]).toBe(
      "| / | 2.60 s | 450 ms | 0 ms | 2150 ms | `main > section > p.text-lg` | 40 ms | app-3c4d.js 250 ms, framework-1a2b.js 180 ms, page 60 ms |",
    );
  });

  it("puts each page's paints, their gap run by run, and its hydration beside the floor's", () => {
    // FCP is 700 ms in every run: LCP - FCP is 0, 300 and 900 ms, whose median is 300 ms.
    const floorRuns = [700, 700, 700].map((lcp) => summarize(lhr({ lcp })));
    const pageRuns = [700, 1000, 1600].map((lcp) => summarize(lhr({ lcp })));
    const floor = { path: "floor", runs: floorRuns, median: medianOf(floorRuns) };
    const page = { path: "/", runs: pageRuns, median: medianOf(pageRuns) };
    const hydration = (name: string) => ({ floor: [2000, 2100, null], "/": [2140, 2000, 2300] })[name] ?? [];
    const table = paintTable(floor, [page], hydration).split("\n");
    expect(table[2]).toBe("| floor: bare Gatsby page | 700 ms |  | 700 ms | 0 ms | 2050 ms |  |");
    expect(table[3]).toBe("| / | 700 ms | +0 ms | 1000 ms | 300 ms | 2140 ms | +90 ms |");
    expect(paintTable(floor, [page], () => [null]).split("\n")[3]).toBe(
      "| / | 700 ms | +0 ms | 1000 ms | 300 ms | none |  |",
    );
  });

  it("says how far the floor moved between the start and the end of the rounds", () => {
    const before = [900, 950, 1000].map((lcp) => summarize(lhr({ lcp, performance: 1 })));
    const after = [1100, 1200, 1300].map((lcp) => summarize(lhr({ lcp, performance: 0.98 })));
    expect(floorDrift(before, after)).toBe(
      "The floor, median before the pages / after them: performance 1.00 / 0.98, LCP 0.95 s / 1.20 s, TBT 40 / 40 ms. " +
        "Over all 6 floor runs: performance 0.98–1.00, LCP 0.90 s–1.30 s, TBT 40–40 ms.",
    );
  });
});
