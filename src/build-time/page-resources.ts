/**
 * What Gatsby's loader fetches for a page before React can hydrate it, read from the build: the
 * page's data (public/page-data/<route>/page-data.json), the site's (app-data.json), the results
 * of the static queries it uses, and the chunks of its component's chunk group
 * (public/webpack.stats.json). scripts/lib/page-weight.ts weighs them; gatsby/post-build.ts names
 * them in each page (withPagePreloads) so their requests start with the HTML's.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<{ name: string } | string> }>;
}

/** What page-data.json says of a page's component and static queries. */
export interface PageData {
  componentChunkName: string;
  staticQueryHashes?: string[];
}

/** "/" is index; "/services/radon" is services/radon; Gatsby's not-found page is "/404.html". */
function routeDir(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index" : trimmed;
}

/** The address Gatsby's loader fetches a page's data from (its createPageDataUrl). */
export function pageDataUrl(route: string): string {
  return `/page-data/${routeDir(route)}/page-data.json`;
}

export function pageDataFileFor(publicDir: string, route: string): string {
  return path.join(publicDir, pageDataUrl(route));
}

export function readPageData(publicDir: string, route: string): PageData {
  return JSON.parse(readFileSync(pageDataFileFor(publicDir, route), "utf8")) as PageData;
}

/** The files of a named chunk group, as site paths ("/app-1234.js"). */
export function chunkGroupFiles(stats: WebpackStats, group: string): string[] {
  const found = stats.namedChunkGroups[group];
  if (!found) throw new Error(`webpack.stats.json has no chunk group "${group}"`);
  return found.assets.map((asset) => `/${typeof asset === "string" ? asset : asset.name}`);
}

export function readStats(publicDir: string): WebpackStats {
  const file = path.join(publicDir, "webpack.stats.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, "utf8")) as WebpackStats;
}

/**
 * The page's data and what its component needs, in the order Gatsby's loader asks for them: the
 * page's data and the site's, the static query results, then the component's scripts (less those
 * the HTML already loads, such as the framework).
 */
export function hydrationResources(
  route: string,
  pageData: PageData,
  stats: WebpackStats,
  htmlScripts: ReadonlySet<string>,
): Array<{ url: string; as: "fetch" | "script" }> {
  return [
    { url: pageDataUrl(route), as: "fetch" as const },
    { url: "/page-data/app-data.json", as: "fetch" as const },
    ...(pageData.staticQueryHashes ?? []).map((hash) => ({
      url: `/page-data/sq/d/${hash}.json`,
      as: "fetch" as const,
    })),
    ...chunkGroupFiles(stats, pageData.componentChunkName)
      .filter((file) => file.endsWith(".js") && !htmlScripts.has(file))
      .map((url) => ({ url, as: "script" as const })),
  ];
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;
const PAGE_PRELOADS = /(?:<link rel="preload" as="(?:fetch|script)"[^>]*\/>)+(?=<\/body>)/;

/**
 * The page without the preloads withPagePreloads adds: what must arrive in the first round trip
 * (scripts/lib/page-weight.ts). They come last, after Gatsby's scripts, so nothing before them
 * waits for them; on a page that fills its first round trip they arrive in the second, still
 * long before the app would have asked for what they name.
 */
export function withoutPagePreloads(html: string): string {
  return html.replace(PAGE_PRELOADS, "");
}

/**
 * The page with a preload of each resource before </body>, after Gatsby's own scripts, so that
 * those are requested first: the browser fetches the page's data and component chunk while the
 * app downloads, instead of one round trip after another once it has run. Gatsby's loader takes
 * the preloaded responses (its XHR is same-origin, as a crossorigin="anonymous" fetch preload).
 */
export function withPagePreloads(html: string, route: string, pageData: PageData, stats: WebpackStats): string {
  const scripts = new Set([...html.matchAll(SCRIPT_SRC)].map((match) => match[1]!));
  const links = hydrationResources(route, pageData, stats, scripts)
    .filter(({ url }) => !html.includes(`href="${url}"`))
    .map(({ url, as }) =>
      as === "fetch"
        ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}"/>`
        : `<link rel="preload" as="script" href="${url}"/>`,
    );
  const end = html.lastIndexOf("</body>");
  if (end < 0) throw new Error(`The page ${route} has no </body>`);
  return `${html.slice(0, end)}${links.join("")}${html.slice(end)}`;
}
