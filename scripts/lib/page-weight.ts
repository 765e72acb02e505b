/**
 * What a page downloads on its first view, read from the build rather than a browser: its HTML as Gatsby wrote
 * it, its inline and linked scripts and styles, and the JavaScript of Gatsby's "app" chunk group and the page
 * component's (public/webpack.stats.json); chunks of a dynamic import belong to no group and are not counted.
 * Every file is measured raw, gzip (level 9) and brotli (quality 11), each on its own, as each is its own
 * response.
 */
import { existsSync, readFileSync } from "node:fs";
import { htmlFileFor } from "../../src/build-time/built-pages";
import {
  chunkGroupFiles,
  pageDataFileFor,
  readStats,
  withoutPagePreloads,
  type WebpackStats,
} from "../../src/build-time/page-resources";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { budgetNameFor, htmlGzipBudgetFor, pageWeightBudgets, type BudgetName } from "../budgets";
import { readTags } from "./html";

export { pageDataFileFor, readStats, type WebpackStats };

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface Asset extends Sizes {
  /** A file under public/ ("/app-1234.js"), or a description of inline text. */
  name: string;
  kind: "js" | "css";
  /** Where the page gets it: its HTML, or one of Gatsby's chunk groups. */
  from: "html" | "inline" | "app" | "page";
}

export interface RouteWeight {
  route: string;
  budget: BudgetName;
  assets: Asset[];
  /** The page's HTML file, inline CSS and scripts included. */
  html: Sizes;
  js: Sizes;
  css: Sizes;
  /** One line per budget the route is over; empty when it is within budget. */
  problems: string[];
}

export function measure(content: Buffer | string): Sizes {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function sum(sizes: readonly Sizes[]): Sizes {
  return sizes.reduce(
    (total, size) => ({
      raw: total.raw + size.raw,
      gzip: total.gzip + size.gzip,
      brotli: total.brotli + size.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

export { htmlFileFor };

function isSameSite(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

export interface FirstView {
  /** Site paths of every script file, in the order found, without repeats. */
  scripts: Array<{ file: string; from: Asset["from"] }>;
  inlineScripts: string[];
  /** Site paths of linked style sheets and of chunk-group CSS that the HTML does not inline. */
  styleSheets: Array<{ file: string; from: Asset["from"] }>;
  inlineStyles: string[];
}

/**
 * Which scripts and styles a page's first view loads, from its HTML and its chunk groups.
 * readSite gives a file of the site ("/styles.css"): a style whose text is not the whole sheet
 * its data-href names is a cut of it, and the page loads the sheet too.
 */
export function firstView(
  html: string,
  stats: WebpackStats,
  componentChunkName: string,
  readSite: (site: string) => Buffer,
): FirstView {
  const view: FirstView = { scripts: [], inlineScripts: [], styleSheets: [], inlineStyles: [] };
  const seen = new Set<string>();
  const inlined = new Set<string>();
  const add = (list: FirstView["scripts"], file: string, from: Asset["from"]) => {
    const clean = file.split(/[?#]/)[0]!;
    if (seen.has(clean)) return;
    seen.add(clean);
    list.push({ file: clean, from });
  };

  for (const tag of readTags(html)) {
    const { src, href, rel = "", as = "", type = "" } = tag.attributes;
    if (tag.name === "script") {
      if (src !== undefined) {
        if (isSameSite(src)) add(view.scripts, src, "html");
      } else if (!/json|template/i.test(type) && tag.text?.trim()) {
        view.inlineScripts.push(tag.text);
      }
    } else if (tag.name === "style") {
      const text = tag.text ?? "";
      if (text.trim()) view.inlineStyles.push(text);
      const sheet = tag.attributes["data-href"];
      if (sheet !== undefined && isSameSite(sheet)) {
        if (readSite(sheet).toString("utf8") === text) inlined.add(sheet);
        else add(view.styleSheets, sheet, "html");
      }
    } else if (tag.name === "link" && href !== undefined && isSameSite(href)) {
      const rels = rel.toLowerCase().split(/\s+/);
      if (rels.includes("stylesheet")) add(view.styleSheets, href, "html");
      else if (rels.includes("modulepreload") || (rels.includes("preload") && as === "script")) {
        add(view.scripts, href, "html");
      }
    }
  }

  for (const [group, from] of [
    ["app", "app"],
    [componentChunkName, "page"],
  ] as const) {
    for (const file of chunkGroupFiles(stats, group)) {
      if (file.endsWith(".js")) add(view.scripts, file, from);
      else if (file.endsWith(".css") && !inlined.has(file)) add(view.styleSheets, file, from);
    }
  }
  return view;
}

/** Measures one route of a built site against its budget. */
export function weighRoute(publicDir: string, route: string, stats: WebpackStats): RouteWeight {
  const html = readFileSync(htmlFileFor(publicDir, route), "utf8");
  const pageData = JSON.parse(readFileSync(pageDataFileFor(publicDir, route), "utf8")) as {
    componentChunkName: string;
  };
  const file = (site: string) => {
    const onDisk = path.join(publicDir, decodeURI(site));
    if (!existsSync(onDisk)) throw new Error(`${route} loads ${site}, which is not in ${publicDir}`);
    return readFileSync(onDisk);
  };
  const view = firstView(html, stats, pageData.componentChunkName, file);

  const assets: Asset[] = [
    ...view.scripts.map(({ file: site, from }) => ({ name: site, kind: "js" as const, from, ...measure(file(site)) })),
    ...(view.inlineScripts.length
      ? [
          {
            name: `${view.inlineScripts.length} inline <script>`,
            kind: "js" as const,
            from: "inline" as const,
            ...measure(view.inlineScripts.join("\n")),
          },
        ]
      : []),
    ...(view.inlineStyles.length
      ? [
          {
            name: `${view.inlineStyles.length} inline <style>`,
            kind: "css" as const,
            from: "inline" as const,
            ...measure(view.inlineStyles.join("\n")),
          },
        ]
      : []),
    ...view.styleSheets.map(({ file: site, from }) => ({
      name: site,
      kind: "css" as const,
      from,
      ...measure(file(site)),
    })),
  ];
  const budget = budgetNameFor(route);
  const js = sum(assets.filter((asset) => asset.kind === "js"));
  const css = sum(assets.filter((asset) => asset.kind === "css"));
  // The HTML as Gatsby wrote it, its scripts in place of the preloader, which nothing before it waits for.
  const page = measure(withoutPagePreloads(html));
  return { route, budget, assets, html: page, js, css, problems: overBudget(route, page, js, css, budget) };
}

export function overBudget(route: string, html: Sizes, js: Sizes, css: Sizes, budget: BudgetName): string[] {
  const limits = pageWeightBudgets[budget];
  const problems: string[] = [];
  const htmlLimit = htmlGzipBudgetFor(route);
  if (html.gzip > htmlLimit) {
    problems.push(`${route}: the HTML is ${bytes(html.gzip)} gzip, over its budget of ${bytes(htmlLimit)}`);
  }
  if (js.gzip > limits.jsGzip) {
    problems.push(`${route}: JavaScript is ${kb(js.gzip)} gzip, over the ${budget} budget of ${kb(limits.jsGzip)}`);
  }
  if (css.gzip > limits.cssGzip) {
    problems.push(`${route}: CSS is ${kb(css.gzip)} gzip, over the ${budget} budget of ${kb(limits.cssGzip)}`);
  }
  return problems;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** Exact, for the HTML: its budget is a round trip, and a tenth of a KB is a fifth of its margin. */
export function bytes(count: number): string {
  return `${count.toLocaleString("en-US")} B`;
}

/** The Markdown report: one summary row per route, then each route's files. */
export function formatReport(weights: readonly RouteWeight[]): string {
  const lines = [
    "| route | budget | HTML gzip | HTML budget | JS gzip | JS brotli | JS raw | JS budget | CSS gzip | CSS budget | within budget |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const weight of weights) {
    const limits = pageWeightBudgets[weight.budget];
    lines.push(
      `| ${weight.route} | ${weight.budget} | ${bytes(weight.html.gzip)} | ${bytes(htmlGzipBudgetFor(weight.route))} | ${kb(weight.js.gzip)} | ${kb(weight.js.brotli)} | ${kb(weight.js.raw)} | ` +
        `${kb(limits.jsGzip)} | ${kb(weight.css.gzip)} | ${kb(limits.cssGzip)} | ${weight.problems.length ? "**no**" : "yes"} |`,
    );
  }
  return lines.join("\n");
}

export function formatFiles(weight: RouteWeight): string {
  const lines = [
    `| ${weight.route}: file | loaded from | raw | gzip | brotli |`,
    "| --- | --- | ---: | ---: | ---: |",
    ...weight.assets.map(
      (asset) => `| \`${asset.name}\` | ${asset.from} | ${asset.raw} | ${asset.gzip} | ${asset.brotli} |`,
    ),
  ];
  return lines.join("\n");
}
