/** @jest-environment node */
import {
  median,
  medianOf,
  missedTargets,
  resultsTable,
  summarize,
  type Lhr,
  type RunSummary,
} from "./lighthouse-summary";

function lhr({ performance = 0.99, bestPractices = 1, lcp = 1500 } = {}): Lhr {
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
      "total-blocking-time": { score: 1, numericValue: 40 },
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
    const page = { path: "/services/radon", runs: [], median: summarize(lhr({ performance: 0.99, lcp: 1500 })) };
    const table = resultsTable(floor, [page]).split("\n");
    expect(table[2]).toMatch(/^\| floor: bare Gatsby page \| 1\.00 \|/);
    expect(table[3]).toMatch(/^\| \/services\/radon \| 0\.99 \| -0\.01 \| 1\.50 s \| 1\.50× \|.*\| all met \|$/);
  });
});
