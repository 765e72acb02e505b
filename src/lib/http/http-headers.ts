/**
 * The site's HTTP headers, defined and written in one place: `headersFile` is the text gatsby/post-build.ts writes
 * to public/_headers, to which the Netlify adapter adds Gatsby's own rules (`adapterRoutes` decides which), and
 * the local server applies the same file. No header is given to a path by two rules, since hosts merge matching
 * rules differently; docs/architecture.md ("Headers") lists which rule gives what, and why gatsby-config
 * declares no headers of its own.
 */

import { escapeHtml } from "../text/html-escape";
import { SEARCH_BUNDLE } from "../seo/search";

export interface Header {
  key: string;
  value: string;
}

/** Headers for every path, beside Gatsby's defaults (`adapterRoutes`); the same whatever else matches. */
export const securityHeaders: Header[] = [
  // Two years, with subdomains, eligible for browsers' preload lists.
  { key: "strict-transport-security", value: "max-age=63072000; includeSubDomains; preload" },
  // The site uses none of these browser features; nothing embedded may ask for them.
  {
    key: "permissions-policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  },
  // The old XSS auditor is gone from browsers and could be abused; the CSP does that work now.
  { key: "x-xss-protection", value: "0" },
];

/** Headers of a rule in Netlify's _headers, as Gatsby hands them to its adapter. */
export interface HeaderRoute {
  path: string;
  headers: Header[];
}

/**
 * Gatsby's header rules, left with what no other rule gives the same path: the headers the site's
 * "/*" sends every path are the site's alone, and Gatsby's "/*" loses its must-revalidate
 * Cache-Control, which would meet each hashed file's "immutable" (Netlify's default, the same
 * must-revalidate, answers every path Gatsby gives no cache rule). A rule left empty is dropped.
 */
export function adapterRoutes(routes: readonly HeaderRoute[]): HeaderRoute[] {
  const site = new Set(securityHeaders.map(({ key }) => key));
  return routes
    .map((route) => ({
      ...route,
      headers: route.headers.filter(({ key }) => {
        const name = key.toLowerCase();
        return !site.has(name) && !(route.path === "/*" && name === "cache-control");
      }),
    }))
    .filter((route) => route.headers.length > 0);
}

/** Netlify sets CONTEXT during its builds: "production", or a preview or branch deploy. */
export function isPreviewDeploy(context = process.env.CONTEXT): boolean {
  return Boolean(context && context !== "production");
}

/** Preview deploys must not be indexed. */
export function previewHeaders(context = process.env.CONTEXT): Header[] {
  return isPreviewDeploy(context) ? [{ key: "x-robots-tag", value: "noindex, nofollow" }] : [];
}

/** What a page may send requests to: its own origin, and the origins it names (the desk: the report bucket's). */
const connectSource = (origins: readonly string[]) => ["connect-src 'self'", ...new Set(origins)].join(" ");

/**
 * The policy a page runs under. Scripts: the site's own files and exactly the inline scripts
 * Gatsby wrote into that page, by hash; no eval. Styles need 'unsafe-inline': Gatsby inlines
 * the stylesheet, images set style attributes and Radix's scroll lock inserts a style element.
 * `webAssembly` adds 'wasm-unsafe-eval', which lets the page compile WebAssembly and nothing
 * else (no eval of scripts): only the search page asks for it, for Pagefind's search code.
 * `connectTo` names the other origins the page may send to: only the desk has one, the report
 * bucket its browser uploads to (report/server/s3-store.ts, `reportBucketOrigin`).
 * `meta` leaves out frame-ancestors, which a browser ignores (and reports) in a <meta> policy.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  { webAssembly = false, meta = false, connectTo = [] as readonly string[] } = {},
): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${webAssembly ? " 'wasm-unsafe-eval'" : ""} ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    connectSource(connectTo),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(meta ? [] : ["frame-ancestors 'none'"]),
  ].join("; ");
}

/**
 * A page with its own policy in a <meta> element, for the 404 page, which answers addresses no
 * rule but "/*" matches. It goes first in <head> after the charset, before any script it governs.
 */
export function withPolicyMeta(html: string, scriptHashes: readonly string[]): string {
  const policy = contentSecurityPolicy(scriptHashes, { meta: true });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}"/>`;
  const charset = /<meta charSet="utf-8"\/>|<meta charset="utf-8">/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf("<head>") + "<head>".length;
  if (!charset && at < "<head>".length) throw new Error("A page without <head>: nowhere to put its policy");
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}

/**
 * A page's policy with `origins` added to what it may send to, for a server that learns them when
 * it starts rather than when the site was built (src/serve/serve.ts: the report bucket of
 * `npm start`'s settings). An origin the policy names already is not named twice.
 */
export function withConnectSources(policy: string, origins: readonly string[]): string {
  const directives = policy.split(/;\s*/);
  const at = directives.findIndex((directive) => directive.startsWith("connect-src "));
  if (at === -1) throw new Error(`A policy without connect-src: ${policy}`);
  const named = directives[at]!.split(" ").slice(1);
  directives[at] = connectSource([...named.filter((source) => source !== "'self'"), ...origins]);
  return directives.join("; ");
}

type PolicyOptions = { webAssembly?: boolean; connectTo?: readonly string[] };

const cspHeader = (scriptHashes: readonly string[], options?: PolicyOptions): Header => ({
  key: "content-security-policy",
  value: contentSecurityPolicy(scriptHashes, options),
});

/** A visitor page's own headers: its policy, and no window it opens may reach back into it. */
function pageHeaders(scriptHashes: readonly string[], options: PolicyOptions): Header[] {
  return [cspHeader(scriptHashes, options), { key: "cross-origin-opener-policy", value: "same-origin" }];
}

/**
 * The headers the local server puts on the answers it writes itself (a redirect, a refused
 * method, a function's answer), which are no file of the site: scripts from the site's own files
 * only, and the visitor pages' opener policy.
 */
export function serverAnswerHeaders(): Header[] {
  return pageHeaders([], {});
}

/** Where the content editor lives: its own page, never linked, never indexed. */
export const EDITOR_ROUTE = "/admin";

/**
 * The content editor's policy, sent only for /admin. Decap CMS compiles its configuration
 * checks at run time ('unsafe-eval'), runs WebAssembly, styles itself with inline styles and
 * previews images from blob: and data: addresses. In production it talks to its own origin
 * (/api/editor/config) and GitHub's API; on a writer's machine to decap-server on localhost
 * (and, in the tests, to the GitHub stub there). No visitor page runs under this policy.
 */
export function editorContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.github.com http://localhost:* http://127.0.0.1:*",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The editor's headers, beside the security headers every path gets. */
export function editorHeaders(): Header[] {
  return [
    { key: "content-security-policy", value: editorContentSecurityPolicy() },
    // The GitHub sign-in window goes to GitHub and back, then answers this page: under
    // "same-origin" the browser would cut it off from this page as it left for GitHub.
    { key: "cross-origin-opener-policy", value: "same-origin-allow-popups" },
    { key: "x-robots-tag", value: "noindex, nofollow" },
  ];
}

/**
 * Pagefind's files (src/lib/seo/search.ts): its script starts a worker from this folder, and a
 * worker runs under the policy its own file is served with, not the page's. The worker compiles
 * the search's WebAssembly, so these files, scripts and data only and never a page, allow it.
 */
export function searchBundleHeaders(): Header[] {
  return [{ key: "content-security-policy", value: contentSecurityPolicy([], { webAssembly: true }) }];
}

type HeaderRule = [route: string, headers: Header[]];

const ruleText = ([route, headers]: HeaderRule) =>
  `${route}\n${headers.map(({ key, value }) => `  ${key}: ${value}\n`).join("")}`;

/** The addresses a page is served at: "/x", and "/x.html", the file the Netlify adapter leaves. */
export function pageAddresses(route: string): string[] {
  return [route, route === "/" ? "/index.html" : `${route}.html`];
}

/**
 * The site's rules in Netlify's _headers format (see the top of this file for why none overlap).
 * "/*" names only the headers every path gets; a rule below leaves out a header "/*" already
 * gives with the same value (the preview's x-robots-tag, on the editor's rule too), and may not
 * give it another. The editor's "/admin/*" also matches "/admin", as Netlify reads it. A page's
 * `connectTo` goes into its own rules' policy, so no other page's rule names those origins.
 */
export function headersFile(
  pages: ReadonlyArray<{ route: string; scriptHashes: readonly string[] } & PolicyOptions>,
): string {
  const everyPath: Header[] = [...securityHeaders, ...previewHeaders()];
  const rules: HeaderRule[] = [
    ...pages.flatMap(({ route, scriptHashes, ...options }) =>
      pageAddresses(route).map((address): HeaderRule => [address, pageHeaders(scriptHashes, options)]),
    ),
    [`${SEARCH_BUNDLE}/*`, searchBundleHeaders()],
    [`${EDITOR_ROUTE}/*`, editorHeaders()],
  ];
  const own = rules.map(([route, headers]): HeaderRule => [
    route,
    headers.filter(({ key, value }) => {
      const shared = everyPath.find((header) => header.key === key);
      if (shared && shared.value !== value) {
        throw new Error(
          `${route} would send ${key} "${value}" and "/*" "${shared.value}": no rule may contradict "/*"`,
        );
      }
      return !shared;
    }),
  ]);
  return `# The site's headers, no two rules giving a path the same header (src/lib/http/http-headers.ts)\n${[["/*", everyPath] as HeaderRule, ...own].map(ruleText).join("")}`;
}
