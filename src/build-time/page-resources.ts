/**
 * What Gatsby's loader fetches for a page before React can hydrate it, read from the build: the page's and the
 * site's data, its static queries' results, and the chunks of its component's chunk group
 * (public/webpack.stats.json). scripts/lib/page-weight.ts weighs them; gatsby/post-build.ts names them in each
 * page (withPagePreloads) so their requests start as soon as the page has painted.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { recordRoutes } from "../lib/paths";

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
 * page's data and the site's, the static query results, then the component's scripts (less
 * Gatsby's own, `gatsbyScripts`, which the page runs anyway, such as the framework).
 */
export function hydrationResources(
  route: string,
  pageData: PageData,
  stats: WebpackStats,
  gatsbyScripts: ReadonlySet<string>,
): Array<{ url: string; as: "fetch" | "script" }> {
  return [
    { url: pageDataUrl(route), as: "fetch" as const },
    { url: "/page-data/app-data.json", as: "fetch" as const },
    ...(pageData.staticQueryHashes ?? []).map((hash) => ({
      url: `/page-data/sq/d/${hash}.json`,
      as: "fetch" as const,
    })),
    ...chunkGroupFiles(stats, pageData.componentChunkName)
      .filter((file) => file.endsWith(".js") && !gatsbyScripts.has(file))
      .map((url) => ({ url, as: "script" as const })),
  ];
}

const SHEET_HREF = /<style\b[^>]*\bdata-href="([^"]+)"/;
/** Gatsby's own scripts, as it ends every page with them: the webpack runtime, the framework, the app. */
const GATSBY_SCRIPTS = /(?:<script src="\/[^"]+\.js" async><\/script>)+/g;
const SCRIPT_SRC = /<script src="([^"]+)"/g;
/**
 * The page's preloader: the same script on every page, with that page's list in its data-preload,
 * after a preload of each of Gatsby's scripts it runs.
 */
const PAGE_PRELOADER =
  /(?:<link rel="preload" as="script" fetchpriority="low" href="[^"]+"\/>)*<script data-preload='([^']*)'>[^<]*<\/script>/;
const lowPreload = (url: string) => `<link rel="preload" as="script" fetchpriority="low" href="${url}"/>`;

type Resource = readonly [url: string, as: "run" | "style" | "fetch" | "script" | "icon" | "manifest"];

/**
 * The icon and manifest links gatsby-plugin-manifest writes in the head. A browser fetches them at
 * the load event, which on a page with nothing else to wait for comes before its paint, so the
 * preloader links them once the page has painted.
 */
const HEAD_LINK = /<link rel="(icon|manifest)" href="([^"]+)"[^>]*\/>/g;
/**
 * What stands in the head for the icons until then: an empty icon, so that the browser does not
 * ask for /favicon.ico instead at the load event, as it does for a page that names none.
 */
const ICON_PLACEHOLDER = '<link rel="icon" href="data:,"/>';

const gatsbyScript = (url: string) => `<script src="${url}" async></script>`;

/**
 * The page as Gatsby wrote it, without the preloader withPagePreloads put in the place of its
 * scripts: the scripts are back, where they were. What must arrive in the first round trip
 * (scripts/lib/page-weight.ts) is weighed on it.
 */
export function withoutPagePreloads(html: string): string {
  const list = PAGE_PRELOADER.exec(html)?.[1];
  if (list === undefined) return html;
  const resources = JSON.parse(list) as Resource[];
  const headLinks = resources
    .filter(([, as]) => as === "icon" || as === "manifest")
    .map(([url, as]) => `<link rel="${as}" href="${url}"/>`)
    .join("");
  return html
    .replace(PAGE_PRELOADER, () =>
      resources
        .filter(([, as]) => as === "run")
        .map(([url]) => gatsbyScript(url))
        .join(""),
    )
    .replace(ICON_PLACEHOLDER, () => headLinks);
}

/** How long the preloader waits for a first paint before it starts the scripts anyway. */
export const FALLBACK_MS = 3_000;

/**
 * What the preloader runs: it reads [address, as] pairs from its own data-preload, so its text,
 * and the hash the Content-Security-Policy allows it by, is one for every page. Once the page has
 * painted, it adds Gatsby's scripts ("run", in their order; async, as Gatsby writes them, and at
 * high priority, since nothing that follows is needed sooner: asked for after the paint, the
 * forms' React started 20-100 ms sooner with it under network emulation) and a preload of each
 * other resource; the links to the icons and the manifest, which nothing else asks for, follow in a
 * task of their own (each addition costs 2-20 ms at 4x CPU slowdown: scripts/bench/main-thread.ts),
 * the empty icon that stood in the head going first, so that a browser choosing among the icons
 * chooses among the site's. What Gatsby's loader asks for stays in the first task: a preload added
 * after the app has asked for the same file is a second download. The paint entry is buffered, so
 * a paint before this script ran starts them at once; a browser without paint timing starts them at
 * once, and a page that has not painted within FALLBACK_MS (a tab opened in the background) starts
 * them then. `done` keeps it to once. A paint entry, not the next animation frame: frames come and go before
 * the content is shown (Lighthouse saw the scripts asked for 57-71 ms before the paint). The first contentful
 * paint, not the first paint: a record's page can paint its backgrounds first (seen 66 ms before its text).
 */
export const PRELOADER =
  '(function(){var r=JSON.parse(document.currentScript.dataset.preload),done=false;function add(e){var l;if(e[1]==="run"){l=document.createElement("script");l.src=e[0];l.async=true;l.fetchPriority="high";document.body.appendChild(l);return}' +
  'l=document.createElement("link");if(e[1]==="icon"||e[1]==="manifest")l.rel=e[1];else{l.rel="preload";l.as=e[1];if(e[1]==="fetch")l.crossOrigin="anonymous"}l.href=e[0];document.head.appendChild(l)}' +
  'function later(e){return e[1]==="icon"||e[1]==="manifest"}' +
  'function go(){if(done)return;done=true;r.forEach(function(e){if(!later(e))add(e)});setTimeout(function(){var p=document.querySelector("link[rel=icon]");if(p)p.remove();r.filter(later).forEach(add)},0)}' +
  `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});setTimeout(go,${FALLBACK_MS})}else go()})()`;

/**
 * The page with the preloader in the place of Gatsby's scripts: they run once the page has painted,
 * not before it as they did (on a fast network they arrived first and the paint waited for them).
 * Once it has painted, the preloader runs them and preloads the site's whole sheet (which the app
 * applies before React hydrates: src/lib/ui/site-stylesheet.ts), the page's data and its component's
 * chunks, so the browser fetches these while the app downloads instead of one round trip after
 * another once it has run. Gatsby's loader takes the preloaded responses (its XHR is same-origin,
 * as a crossorigin="anonymous" fetch preload). The Content-Security-Policy allows the preloader by
 * its hash, and the scripts it adds by 'self'.
 *
 * When the scripts are asked for is the page's trade (docs/performance.md, First paint, largest paint
 * and hydration). Lighthouse's simulated phone counts against the largest paint every request but
 * a low-priority image that ended before it, whatever its priority, so a page asks for nothing
 * before its paint, and its largest paint is its first; a form's page too, since its notifications
 * and the data library load after hydration. A page whose content is a record its script reads
 * (`recordRoutes`: its largest paint comes with the record anyway) has its scripts preloaded at low
 * priority as it arrives, beside the paint, so that React, and then the record, come sooner.
 */
export function withPagePreloads(html: string, route: string, pageData: PageData, stats: WebpackStats): string {
  const gatsbyPage = withoutPagePreloads(html);
  const headLinks = [...gatsbyPage.matchAll(HEAD_LINK)].map(([, rel, url]): Resource => [
    url!,
    rel as "icon" | "manifest",
  ]);
  // The first of the head's icon and manifest links becomes the empty icon; the others go.
  const firstHeadLink = gatsbyPage.search(HEAD_LINK);
  const page = gatsbyPage.replace(HEAD_LINK, (_link, _rel, _url, offset: number) =>
    offset === firstHeadLink ? ICON_PLACEHOLDER : "",
  );
  const runs = [...page.matchAll(GATSBY_SCRIPTS)];
  const last = runs.at(-1);
  if (!last) throw new Error(`The page ${route} has none of Gatsby's <script src async> tags`);
  const scripts = [...last[0].matchAll(SCRIPT_SRC)].map((match) => match[1]!);
  const sheet = SHEET_HREF.exec(page)?.[1];
  const resources: Resource[] = [
    ...scripts.map((url): Resource => [url, "run"]),
    ...(sheet ? [[sheet, "style"] as const] : []),
    ...hydrationResources(route, pageData, stats, new Set(scripts)).map(({ url, as }): Resource => [url, as]),
    ...headLinks,
  ];
  // Site paths hold no quote: the list sits in single quotes as it is.
  const list = JSON.stringify(resources);
  if (list.includes("'")) throw new Error(`A resource of ${route} has a quote in its address: ${list}`);
  const at = last.index!;
  const preloads = recordRoutes.includes(route) ? scripts.map(lowPreload).join("") : "";
  return `${page.slice(0, at)}${preloads}<script data-preload='${list}'>${PRELOADER}</script>${page.slice(at + last[0].length)}`;
}
