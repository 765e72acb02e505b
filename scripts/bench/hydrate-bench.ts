/**
 * `npm run bench:hydrate`: when each page paints and React starts to hydrate, beside a bare Gatsby page
 * (floor-site.ts), under network emulation (hydration-timing.ts), served by src/serve/serve.ts as in production;
 * rounds interleaved, medians printed and, unless --no-docs, written in docs/performance.md. --site measures built
 * copies (a before and after). A benchmark, not part of npm test.
 *   npm run build && npm run bench:hydrate [-- --rounds 9] [--route /x ...] [--site label=folder ...] [--no-docs]
 */
import { chromium } from "@playwright/test";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS, ensureChromium } from "../lib/chromium";
import { BENCH_ROUTES, buildFloor, builtSites } from "./floor-site";
import { markdownTable } from "../lib/readme-markers";
import { rewriteBetweenMarkers } from "./write-figures";
import { siteRoot } from "../lib/site-copy";
import { startProductionServer } from "../../src/serve/serve";
import { EMULATION, measureHydration as measure, VIEWPORT, type Timings } from "./hydration-timing";

/** The middle value of an odd count (the upper middle of an even one); null when none was seen. */
function median(values: Array<number | null>): number | null {
  const seen = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return seen.length ? Math.round(seen[Math.floor(seen.length / 2)]!) : null;
}

const ms = (value: number | null) => (value === null ? "none" : `${value.toLocaleString("en-US")} ms`);
const delta = (value: number | null, floor: number | null) =>
  value === null || floor === null ? "" : ` (${value >= floor ? "+" : "−"}${Math.abs(value - floor)})`;

/** The Markdown tables: when React starts to hydrate (with the difference from the floor), then FCP and LCP. */
function tables(
  labels: string[],
  routes: string[],
  figure: (label: string | null, route: string, key: keyof Timings) => number | null,
): string {
  const floorHydration = figure(null, "/", "hydration");
  const hydration = markdownTable(
    ["React starts to hydrate", ...labels.map((label) => label || "this build")],
    [
      ["bare Gatsby page (floor)", ...labels.map(() => ms(floorHydration))],
      ...routes.map((route) => [
        `\`${route}\``,
        ...labels.map((label) => {
          const value = figure(label, route, "hydration");
          return `${ms(value)}${delta(value, floorHydration)}`;
        }),
      ]),
    ],
  );
  const paints = markdownTable(
    ["first paint (FCP) and LCP", ...labels.flatMap((label) => [`${label} FCP`.trim(), `${label} LCP`.trim()])],
    [
      [
        "bare Gatsby page (floor)",
        ...labels.flatMap(() => [ms(figure(null, "/", "fcp")), ms(figure(null, "/", "lcp"))]),
      ],
      ...routes.map((route) => [
        `\`${route}\``,
        ...labels.flatMap((label) => [ms(figure(label, route, "fcp")), ms(figure(label, route, "lcp"))]),
      ]),
    ],
  );
  return `${hydration}\n\n${paints}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "9" },
      route: { type: "string", multiple: true },
      site: { type: "string", multiple: true },
      "no-docs": { type: "boolean", default: false },
    },
  });
  const rounds = Number(values.rounds);
  const routes = values.route?.length ? values.route : BENCH_ROUTES;
  const sites = builtSites(values.site);

  const started = new Date();
  console.log("Building the floor: a bare Gatsby page…");
  const floor = await buildFloor(sites[0]!.root);
  const cleanup: Array<() => Promise<unknown>> = [floor.remove];
  try {
    const servers: string[] = [];
    for (const { root } of [{ root: floor.dir }, ...sites]) {
      const server = await startProductionServer({ port: 0, host: "127.0.0.1", siteRoot: root });
      cleanup.push(server.stop);
      servers.push(server.url);
    }
    const [floorUrl, ...siteUrls] = servers;
    const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
    cleanup.push(() => browser.close());

    const runs = new Map<string, Timings[]>();
    const record = async (key: string, url: string, round: number) => {
      const timings = await measure(browser, url);
      runs.set(key, [...(runs.get(key) ?? []), timings]);
      console.log(
        `  round ${round} ${key}: FCP ${ms(timings.fcp && Math.round(timings.fcp))}, LCP ${ms(timings.lcp && Math.round(timings.lcp))}, ` +
          `hydration ${ms(timings.hydration && Math.round(timings.hydration))}`,
      );
    };
    const keyOf = (label: string | null, route: string) => (label === null ? "floor" : `${label} ${route}`.trim());
    for (let round = 1; round <= rounds; round += 1) {
      await record(keyOf(null, "/"), `${floorUrl}/`, round);
      for (const route of routes) {
        for (const [index, { label }] of sites.entries())
          await record(keyOf(label, route), `${siteUrls[index]}${route}`, round);
      }
    }
    const figure = (label: string | null, route: string, key: keyof Timings) =>
      median((runs.get(keyOf(label, route)) ?? []).map((timings) => timings[key]));

    const chromiumVersion = browser.version();
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    const text = [
      `Run on ${started.toISOString().slice(0, 10)}: Chromium ${chromiumVersion} at ${VIEWPORT.width} px, ` +
        `${EMULATION.latencyMs} ms added per request, ${EMULATION.downloadBitsPerSecond / 1e6} Mb/s down, cache off, ` +
        `no CPU slowdown; medians of ${rounds} interleaved rounds (load average after: ${load}).`,
      "",
      tables(
        sites.map((site) => site.label),
        routes,
        figure,
      ),
    ].join("\n");
    console.log(`\n${text}`);
    if (!values["no-docs"]) {
      const file = path.join(siteRoot, "docs", "performance.md");
      await rewriteBetweenMarkers(file, "hydration", text);
      console.log(`\nWritten to ${path.relative(siteRoot, file)}`);
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
