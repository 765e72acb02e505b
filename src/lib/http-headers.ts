/**
 * The site's HTTP headers, defined and written in one place: `headersFile` is the whole text
 * gatsby/post-build.ts writes to public/_headers after the pages are built. Netlify serves that
 * file (every matching rule applies, a later rule's value winning), and the local production
 * server (src/serve/serve.ts, through src/serve/deployed-headers.ts) applies it too, so the
 * browser tests run under exactly the deployed headers.
 *
 * The Netlify adapter then adds Gatsby's own rules to the same file: for every path
 * `x-content-type-options: nosniff`, `x-frame-options: DENY`, `referrer-policy: same-origin`;
 * hashed files `cache-control: public, max-age=31536000, immutable`; HTML and page-data
 * `cache-control: public, max-age=0, must-revalidate`. It also writes the deprecated
 * `x-xss-protection: 1; mode=block` for every path, which no setting turns off:
 * gatsby/netlify-adapter.ts gives it the site's value (`withSiteValues`) before the adapter
 * writes the file. gatsby-config declares no headers of its own: Gatsby would copy them into a
 * rule for every built file, repeating what the "/*" rule here already gives every path.
 */

import { SEARCH_BUNDLE } from "./search";

export interface Header {
  key: string;
  value: string;
}

/** Headers for every path, beside Gatsby's defaults above. */
export const securityHeaders: Header[] = [
  // Two years, with subdomains, eligible for browsers' preload lists.
  { key: "strict-transport-security", value: "max-age=63072000; includeSubDomains; preload" },
  // The site uses none of these browser features; nothing embedded may ask for them.
  {
    key: "permissions-policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  },
  { key: "cross-origin-opener-policy", value: "same-origin" },
  // The old XSS auditor is gone from browsers and could be abused; the CSP does that work now.
  { key: "x-xss-protection", value: "0" },
];

/**
 * Gatsby's default headers, with the site's own value wherever both name the same header, so no
 * rule in public/_headers contradicts the site's: a path is then answered the same whichever
 * matching rule Netlify lets win.
 */
export function withSiteValues(headers: readonly Header[]): Header[] {
  const site = new Map(securityHeaders.map(({ key, value }) => [key, value]));
  return headers.map(({ key, value }) => ({ key, value: site.get(key.toLowerCase()) ?? value }));
}

/** Netlify sets CONTEXT during its builds: "production", or a preview or branch deploy. */
export function isPreviewDeploy(context = process.env.CONTEXT): boolean {
  return Boolean(context && context !== "production");
}

/** Preview deploys must not be indexed. */
export function previewHeaders(context = process.env.CONTEXT): Header[] {
  return isPreviewDeploy(context) ? [{ key: "x-robots-tag", value: "noindex, nofollow" }] : [];
}

/**
 * The policy a page runs under. Scripts: the site's own files and exactly the inline scripts
 * Gatsby wrote into that page, by hash; no eval. Styles need 'unsafe-inline': Gatsby inlines
 * the stylesheet, images set style attributes and Radix's scroll lock inserts a style element.
 * `webAssembly` adds 'wasm-unsafe-eval', which lets the page compile WebAssembly and nothing
 * else (no eval of scripts): only the search page asks for it, for Pagefind's search code.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], { webAssembly = false } = {}): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${webAssembly ? " 'wasm-unsafe-eval'" : ""} ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const cspHeader = (scriptHashes: readonly string[], options?: { webAssembly?: boolean }): Header => ({
  key: "content-security-policy",
  value: contentSecurityPolicy(scriptHashes, options),
});
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
 * Pagefind's files (src/lib/search.ts): its script starts a worker from this folder, and a
 * worker runs under the policy its own file is served with, not the page's. The worker compiles
 * the search's WebAssembly, so these files, scripts and data only and never a page, allow it.
 */
export function searchBundleHeaders(): Header[] {
  return [{ key: "content-security-policy", value: contentSecurityPolicy([], { webAssembly: true }) }];
}

type HeaderRule = [route: string, headers: Header[]];

const ruleText = ([route, headers]: HeaderRule) =>
  `${route}\n${headers.map(({ key, value }) => `  ${key}: ${value}\n`).join("")}`;

/**
 * The site's rules in Netlify's _headers format. Any unknown address is answered with 404.html
 * under the "/*" rules alone, so "/*" carries that page's policy (`notFoundScriptHashes`, the
 * inline scripts of both versions of the 404 page Gatsby writes) and the headers every path
 * gets. Each page's own policy comes later and wins, and the editor's rules come last.
 */
export function headersFile(
  notFoundScriptHashes: readonly string[],
  pages: ReadonlyArray<{ route: string; scriptHashes: readonly string[]; webAssembly?: boolean }>,
): string {
  const rules: HeaderRule[] = [
    ["/*", [cspHeader(notFoundScriptHashes), ...securityHeaders, ...previewHeaders()]],
    ...pages.map(({ route, scriptHashes, webAssembly }): HeaderRule => [
      route,
      [cspHeader(scriptHashes, { webAssembly })],
    ]),
    [`${SEARCH_BUNDLE}/*`, searchBundleHeaders()],
    [EDITOR_ROUTE, editorHeaders()],
    [`${EDITOR_ROUTE}/*`, editorHeaders()],
  ];
  return `# Content-Security-Policy per page (gatsby-node onPostBuild, src/lib/http-headers.ts)\n${rules.map(ruleText).join("")}`;
}
