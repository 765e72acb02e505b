/** @jest-environment node */
import { postFrontmatterSchema, validateContent } from "../../src/lib/content/content-schema";
import { readFrontMatter } from "../../src/lib/content/front-matter";
import {
  afterEarlierRuns,
  fitLine,
  linearity,
  parseStepTimings,
  syntheticPost,
  treeMemory,
} from "./build-scaling-parts";

describe("syntheticPost", () => {
  it("writes posts that pass the blog schema, each with its own slug and date", () => {
    const posts = [0, 1, 999].map(syntheticPost);
    expect(posts.map((post) => post.slug)).toEqual(["synthetic-0001", "synthetic-0002", "synthetic-1000"]);
    for (const post of posts) {
      const { data } = readFrontMatter(post.mdx);
      expect(validateContent(postFrontmatterSchema, `${post.slug}/index.mdx`, data)).toMatchObject({ ok: true });
    }
    const dateOf = (mdx: string) => (readFrontMatter(mdx).data as { date: unknown }).date;
    expect(dateOf(posts[0]!.mdx)).not.toEqual(dateOf(posts[1]!.mdx));
  });
});

describe("parseStepTimings", () => {
  it("reads Gatsby's step lines, wrapped ones and terminal escapes included", () => {
    const escape = String.fromCharCode(27);
    const output = [
      "success compile gatsby files - 3.320s",
      `${escape}[2K${escape}[1A${escape}[2K${escape}[Gsuccess load plugins - 0.297s`,
      "info bootstrap finished - 8.486s",
      "success Writing page-data.json and slice-data.json files to public directory -",
      "0.009s - 27/27 2848.77/s",
      "success Building static HTML for pages - 1.947s - 27/27 13.86/s",
    ].join("\n");
    expect(parseStepTimings(output)).toEqual([
      { step: "compile gatsby files", seconds: 3.32 },
      { step: "load plugins", seconds: 0.297 },
      { step: "Writing page-data.json and slice-data.json files to public directory", seconds: 0.009 },
      { step: "Building static HTML for pages", seconds: 1.947 },
    ]);
  });
});

describe("fitLine and linearity", () => {
  it("fits a straight line and calls steady growth linear", () => {
    const points = [
      [0, 50],
      [100, 60],
      [500, 101],
      [1000, 149],
    ] as const;
    const { fit, linear, marginal } = linearity(points);
    expect(fit.slope).toBeCloseTo(0.099, 2);
    expect(fit.r2).toBeGreaterThan(0.99);
    // 10 s per 100 posts, then 41 s per 400, then 48 s per 500.
    [0.1, 0.1025, 0.096].forEach((cost, index) => expect(marginal[index]).toBeCloseTo(cost, 4));
    expect(linear).toBe(true);
  });

  it("calls growth that speeds up not linear", () => {
    const quadratic = [0, 100, 500, 1000].map((n) => [n, 50 + n * n * 0.0002] as const);
    expect(linearity(quadratic).linear).toBe(false);
    expect(
      fitLine([
        [1, 2],
        [2, 4],
      ]),
    ).toEqual({ intercept: 0, slope: 2, r2: 1 });
  });
});

describe("treeMemory", () => {
  it("adds up the memory of this process and its children", () => {
    const memory = treeMemory(process.pid);
    if (memory === null) return; // no /proc: not Linux
    expect(memory.total).toBeGreaterThanOrEqual(memory.largest);
    expect(memory.largest).toBeGreaterThan(10 * 1024 * 1024);
  });
});

describe("afterEarlierRuns", () => {
  const run = "# Build scaling\n\nIntro.\n\n| extra posts |\n\n## Cost of each extra post\n\n- 12 ms\n";

  it("adds a run under its date after the earlier runs, which it keeps as they were", () => {
    const earlier = "# Build scaling\n\nFirst run.\n\n## Gatsby's step timings\n\n| a |\n";
    const text = afterEarlierRuns(earlier, run, new Date("2026-11-27T10:00:00Z"));
    expect(text.startsWith(earlier.trimEnd())).toBe(true);
    expect(text.slice(earlier.trimEnd().length)).toBe(
      "\n\n## Run of 2026-11-27\n\nIntro.\n\n| extra posts |\n\n#### Cost of each extra post\n\n- 12 ms\n",
    );
  });

  it("is the run itself when there is no earlier report", () => {
    expect(afterEarlierRuns(undefined, run, new Date())).toBe(run);
  });
});
