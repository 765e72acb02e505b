/**
 * Page weight of every route of the specification, read from the build in public/ against scripts/budgets.ts:
 * prints the table, writes reports/page-weight.md and exits with 1 when a route is over budget.
 *
 *   tsx scripts/check-page-weight.ts [--public public] [--report reports/page-weight.md] [--route /x ...]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formRoutes } from "../src/lib/paths";
import { FIRST_FLIGHT_HTML_GZIP, overOneRoundTrip, pageWeightBudgets } from "./budgets";
import { editorCodeProblems } from "../src/features/editor/build/editor-isolation";
import { bytes, formatReport, kb, readStats, weighRoute, type Asset, type RouteWeight } from "./lib/page-weight";

const NOT_FOUND = "/404.html";

export interface PageWeightResult {
  weights: RouteWeight[];
  problems: string[];
  table: string;
  report: string;
}

/** Files every route loads (the shared app), listed once; each route's own files beside it. */
function filesSection(weights: readonly RouteWeight[]): string {
  const everywhere = (asset: Asset) =>
    asset.from !== "inline" && weights.every((weight) => weight.assets.some((other) => other.name === asset.name));
  const shared = weights[0]?.assets.filter(everywhere) ?? [];
  const lines = [
    "### Loaded by every page",
    "",
    "| file | kind | raw | gzip | brotli |",
    "| --- | --- | ---: | ---: | ---: |",
    ...shared.map(
      (asset) => `| \`${asset.name}\` | ${asset.kind} | ${kb(asset.raw)} | ${kb(asset.gzip)} | ${kb(asset.brotli)} |`,
    ),
    "",
    "### Each page's own files (gzip)",
    "",
    "Inline text is Gatsby's chunk map and loader scripts, and the rules of the site's style sheet that the page uses",
    "(src/build-time/critical-css.ts); the whole sheet is loaded after the first paint (gatsby-browser.tsx).",
    "",
    "| route | files |",
    "| --- | --- |",
  ];
  for (const weight of weights) {
    const own = weight.assets.filter((asset) => !shared.some((other) => other.name === asset.name));
    const short = (name: string) => (name.length > 48 ? `${name.slice(0, 24)}…${name.slice(-20)}` : name);
    lines.push(
      `| ${weight.route} | ${own.map((asset) => `\`${short(asset.name)}\` ${kb(asset.gzip)}`).join("<br>")} |`,
    );
  }
  return lines.join("\n");
}

export function checkPageWeight({
  publicDir,
  routes,
}: {
  publicDir: string;
  routes: readonly string[];
}): PageWeightResult {
  const stats = readStats(publicDir);
  const weights = routes.map((route) => weighRoute(publicDir, route, stats));
  const problems = [...weights.flatMap((weight) => weight.problems), ...editorCodeProblems(publicDir, weights)];
  const table = formatReport(weights);
  const report = [
    "# Page weight",
    "",
    "What each page of the specification downloads on its first view, read from the production build by",
    "`npm run test:weight` (part of `npm test`, which fails when a page is over budget). JavaScript counts",
    "every script the HTML loads or inlines plus the chunks of Gatsby's `app` group and of the page's own",
    "component; chunks loaded on first use (the mobile drawer) are not first view. 1 KB = 1,000 bytes;",
    "gzip level 9, brotli quality 11, each file compressed on its own as a CDN sends it.",
    "",
    `Budgets (scripts/budgets.ts): ${formRoutes.join(" and ")} get the forms budget, every other page the content budget.`,
    "",
    ...Object.entries(pageWeightBudgets).map(
      ([name, budget]) => `- **${name}**: JS ${kb(budget.jsGzip)}, CSS ${kb(budget.cssGzip)} gzip. ${budget.why}`,
    ),
    `- **HTML**, every page: ${bytes(FIRST_FLIGHT_HTML_GZIP)} gzip, the page with its inline CSS and scripts in the`,
    "  first round trip of a new connection (FIRST_FLIGHT_HTML_GZIP in scripts/budgets.ts says why). Pages whose",
    "  content alone is more, each held to its size today:",
    ...Object.entries(overOneRoundTrip).map(([route, over]) => `  - ${route}: ${bytes(over.htmlGzip)}, ${over.why}.`),
    "",
    "## Every route",
    "",
    table,
    "",
    problems.length
      ? `**Over budget:**\n\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`
      : "Every route is within its budget.\n",
    "## Files",
    "",
    filesSection(weights),
    "",
  ].join("\n");
  return { weights, problems, table, report };
}

async function defaultRoutes(): Promise<string[]> {
  const { specRoutes } = await import("./lib/routes");
  return [...specRoutes.map((route) => route.path), NOT_FOUND];
}

async function main() {
  const { values } = parseArgs({
    options: {
      public: { type: "string", default: "public" },
      report: { type: "string", default: path.join("reports", "page-weight.md") },
      route: { type: "string", multiple: true },
    },
  });
  const routes = values.route?.length ? values.route : await defaultRoutes();
  const result = checkPageWeight({ publicDir: path.resolve(values.public!), routes });
  console.log(`\nPage weight, first view (gzip budget per route; KB = 1,000 bytes)\n\n${result.table}\n`);
  mkdirSync(path.dirname(path.resolve(values.report!)), { recursive: true });
  writeFileSync(values.report!, result.report);
  console.log(`Report written to ${values.report}`);
  if (result.problems.length) {
    console.error(`\nOver budget:\n${result.problems.map((problem) => `  ${problem}`).join("\n")}\n`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
