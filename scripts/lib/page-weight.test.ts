/** @jest-environment node */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { FIRST_FLIGHT_HTML_GZIP, KB, pageWeightBudgets } from "../budgets";
import { checkPageWeight } from "../check-page-weight";
import { fixtureSite, gatsbyPage } from "./fixture-site";
import { firstView, measure, sum, weighRoute, type WebpackStats } from "./page-weight";

const stats: WebpackStats = {
  namedChunkGroups: {
    app: {
      assets: [{ name: "webpack-runtime.js" }, { name: "framework.js" }, { name: "styles.css" }, { name: "app.js" }],
    },
    "component---light": { assets: [{ name: "component---light.js" }] },
    // Gatsby lists the framework chunk again in some pages' groups; it is downloaded once.
    "component---heavy": { assets: [{ name: "framework.js" }, { name: "heavy.js" }, { name: "component---heavy.js" }] },
  },
};

/** A site whose /heavy, /schedule and /contact pages load 95 KB of JavaScript that gzip cannot shrink. */
function site() {
  return fixtureSite(siteFileMap());
}

function siteFileMap(): Record<string, string | Buffer> {
  const page = (chunk: string) => JSON.stringify({ componentChunkName: chunk, path: "/", result: {} });
  return {
    "webpack.stats.json": JSON.stringify(stats),
    "webpack-runtime.js": "console.log('runtime');",
    "framework.js": "console.log('react');",
    "app.js": "console.log('app');",
    "styles.css": "body{color:#111}",
    "component---light.js": "console.log('light');",
    "component---heavy.js": "console.log('heavy');",
    "heavy.js": randomBytes(95 * KB),
    "drawer.js": randomBytes(200 * KB), // loaded on first use only: in no chunk group
    "index.html": gatsbyPage("<h1>Light</h1>"),
    "page-data/index/page-data.json": page("component---light"),
    "heavy/index.html": gatsbyPage("<h1>Heavy</h1>"),
    "page-data/heavy/page-data.json": page("component---heavy"),
    "schedule/index.html": gatsbyPage("<h1>Form</h1>"),
    "page-data/schedule/page-data.json": page("component---heavy"),
  };
}

/** The files of a site, for firstView, which reads the sheet a <style> names. */
const siteFiles =
  (files: Record<string, string>) =>
  (site: string): Buffer => {
    const text = files[site];
    if (text === undefined) throw new Error(`no ${site}`);
    return Buffer.from(text);
  };
const readSite = siteFiles({ "/styles.css": "body{color:#111}" });

describe("firstView", () => {
  it("lists the page's scripts from its HTML and its chunk groups, each once, and its inline CSS", () => {
    const view = firstView(gatsbyPage("<h1>Heavy</h1>"), stats, "component---heavy", readSite);
    expect(view.scripts).toEqual([
      { file: "/webpack-runtime.js", from: "html" },
      { file: "/framework.js", from: "html" },
      { file: "/app.js", from: "html" },
      { file: "/heavy.js", from: "page" },
      { file: "/component---heavy.js", from: "page" },
    ]);
    expect(view.inlineScripts).toEqual(['window.___chunkMapping="{}";']);
    expect(view.inlineStyles).toEqual(["body{color:#111}"]);
    // The app's styles.css is inlined by Gatsby, so it is not downloaded again.
    expect(view.styleSheets).toEqual([]);
  });

  it("counts linked style sheets and the chunk groups' CSS that the HTML does not inline", () => {
    const html = '<link rel="stylesheet" href="/extra.css"><script src="https://cdn.example/x.js"></script>';
    const view = firstView(html, stats, "component---light", readSite);
    expect(view.styleSheets).toEqual([
      { file: "/extra.css", from: "html" },
      { file: "/styles.css", from: "app" },
    ]);
    expect(view.scripts.map((script) => script.file)).not.toContain("https://cdn.example/x.js");
  });

  it("counts the whole sheet too when the page inlines only a cut of it (critical CSS)", () => {
    const html = gatsbyPage("<h1>Light</h1>", { css: "body{color:#111}" });
    const read = siteFiles({ "/styles.css": "body{color:#111}.drawer{position:fixed}" });
    const view = firstView(html, stats, "component---light", read);
    expect(view.inlineStyles).toEqual(["body{color:#111}"]);
    expect(view.styleSheets).toEqual([{ file: "/styles.css", from: "html" }]);
  });

  it("fails clearly when the page's component has no chunk group", () => {
    expect(() => firstView("", stats, "component---missing", readSite)).toThrow('no chunk group "component---missing"');
  });
});

describe("sizes", () => {
  it("measures raw, gzip and brotli bytes and adds them up", () => {
    const text = "const answer = 42;\n".repeat(200);
    const size = measure(text);
    expect(size.raw).toBe(text.length);
    expect(size.gzip).toBeLessThan(size.raw / 10);
    expect(size.brotli).toBeLessThan(size.gzip);
    expect(sum([size, size])).toEqual({ raw: 2 * size.raw, gzip: 2 * size.gzip, brotli: 2 * size.brotli });
  });
});

describe("the page-weight check", () => {
  it("passes a light page and fails a content page over its JavaScript budget", () => {
    const { dir, remove } = site();
    try {
      const light = weighRoute(dir, "/", stats);
      expect(light.problems).toEqual([]);
      expect(light.assets.map((asset) => asset.name)).not.toContain("/drawer.js");

      const result = checkPageWeight({ publicDir: dir, routes: ["/", "/heavy", "/schedule"] });
      expect(result.problems).toEqual([
        expect.stringMatching(
          new RegExp(
            `^/heavy: JavaScript is 9\\d\\.\\d KB gzip, over the content budget of ${(pageWeightBudgets.content.jsGzip / KB).toFixed(1)} KB$`,
          ),
        ),
      ]);
      // The same code on a form page is within the forms budget.
      expect(result.weights.find((weight) => weight.route === "/schedule")!.problems).toEqual([]);
      expect(result.report).toContain("| /heavy | content |");
      expect(result.report).toContain("**Over budget:**");
    } finally {
      remove();
    }
  });

  it("fails a page whose HTML, gzip, is over one round trip, and reports every page's HTML", () => {
    const { dir, remove } = fixtureSite({
      ...siteFileMap(),
      // Base64 of random bytes: gzip takes it back to about 6 bits a character, some 15 KB.
      "about/index.html": gatsbyPage(`<p>${randomBytes(15 * KB).toString("base64")}</p>`),
      "page-data/about/page-data.json": JSON.stringify({ componentChunkName: "component---light", result: {} }),
    });
    try {
      const result = checkPageWeight({ publicDir: dir, routes: ["/", "/about"] });
      const about = result.weights.find((weight) => weight.route === "/about")!;
      expect(about.html.gzip).toBeGreaterThan(FIRST_FLIGHT_HTML_GZIP);
      expect(about.problems).toEqual([
        expect.stringMatching(/^\/about: the HTML is 15,\d{3} B gzip, over its budget of 14,000 B$/),
      ]);
      expect(result.weights.find((weight) => weight.route === "/")!.problems).toEqual([]);
      expect(result.report).toMatch(/\| \/ \| content \| \d{3} B \| 14,000 B \|/);
    } finally {
      remove();
    }
  });

  it("exits with an error from the command line when a page is over budget", () => {
    const { dir, remove } = site();
    try {
      const report = path.join(dir, "report.md");
      const run = spawnSync(
        process.execPath,
        [
          require.resolve("tsx/cli"),
          path.join(__dirname, "..", "check-page-weight.ts"),
          "--public",
          dir,
          "--report",
          report,
          "--route",
          "/",
          "--route",
          "/heavy",
        ],
        { encoding: "utf8" },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("/heavy: JavaScript is");
      expect(run.stdout).toContain("| /heavy | content |");
    } finally {
      remove();
    }
  });
});
