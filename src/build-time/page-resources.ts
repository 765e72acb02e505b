/**
 * What Gatsby's loader fetches for a page before React can hydrate it, read from the build: the
 * page's data (public/page-data/<route>/page-data.json), the site's (app-data.json), the results
 * of the static queries it uses, and the chunks of its component's chunk group
 * (public/webpack.stats.json). scripts/lib/page-weight.ts weighs them; gatsby/post-build.ts names
 * them in each page (withPagePreloads) so their requests start as soon as the page has painted.
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
const SHEET_HREF = /<style\b[^>]*\bdata-href="([^"]+)"/;
/** The page's preloader: the same script on every page, with that page's list in its data-preload. */
const PAGE_PRELOADER = /<script data-preload='[^']*'>[^<]*<\/script>/;

/**
 * The page without the preloader withPagePreloads adds: what must arrive in the first round trip
 * (scripts/lib/page-weight.ts).
 */
export function withoutPagePreloads(html: string): string {
  return html.replace(PAGE_PRELOADER, "");
}

/**
 * What the preloader runs: it reads [address, as] pairs from its own data-preload, so its text,
 * and the hash the Content-Security-Policy allows it by, is one for every page. It preloads them
 * after the first paint, not before: Lighthouse's simulated phone counts every request that ended
 * before the largest paint against it, so preloads named in the HTML (which start with it and, on
 * a fast network, end before the paint) put the page's LCP behind its FCP although the paint needs
 * none of them. The paint entry is buffered, so a paint before this script ran still starts them
 * at once; a browser without paint timing starts them at once. Once Gatsby's app runs
 * (window.___loader: its scripts, cached from an earlier visit, can run before the first paint) it
 * has asked for all of them itself, and a preload then would only fetch them twice.
 */
export const PRELOADER =
  '(function(){var r=JSON.parse(document.currentScript.dataset.preload);function go(){if(window.___loader)return;r.forEach(function(e){var l=document.createElement("link");l.rel="preload";l.as=e[1];if(e[1]==="fetch")l.crossOrigin="anonymous";l.href=e[0];document.head.appendChild(l)})}' +
  'var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(){o.disconnect();go()});o.observe({type:"paint",buffered:true})}else go()})()';

/**
 * The page with a preloader before </body>, after Gatsby's own scripts: once the page has
 * painted, it preloads the site's whole sheet (which the app applies before React hydrates:
 * src/lib/site-stylesheet.ts), the page's data and its component's chunks, so the browser fetches
 * them while the app downloads instead of one round trip after another once it has run. Gatsby's
 * loader takes the preloaded responses (its XHR is same-origin, as a crossorigin="anonymous"
 * fetch preload). The Content-Security-Policy allows the script by its hash, like Gatsby's own.
 */
export function withPagePreloads(html: string, route: string, pageData: PageData, stats: WebpackStats): string {
  const page = withoutPagePreloads(html);
  const scripts = new Set([...page.matchAll(SCRIPT_SRC)].map((match) => match[1]!));
  const sheet = SHEET_HREF.exec(page)?.[1];
  const resources: Array<readonly [string, string]> = [
    ...(sheet ? [[sheet, "style"] as const] : []),
    ...hydrationResources(route, pageData, stats, scripts).map(({ url, as }) => [url, as] as const),
  ];
  const end = page.lastIndexOf("</body>");
  if (end < 0) throw new Error(`The page ${route} has no </body>`);
  // Site paths hold no quote: the list sits in single quotes as it is.
  const list = JSON.stringify(resources);
  if (list.includes("'")) throw new Error(`A resource of ${route} has a quote in its address: ${list}`);
  const script = `<script data-preload='${list}'>${PRELOADER}</script>`;
  return `${page.slice(0, end)}${script}${page.slice(end)}`;
}
