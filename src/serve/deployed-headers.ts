/**
 * The headers Netlify sends with a file, from public/_headers (src/lib/http/http-headers.ts, then Gatsby's own) and
 * any [[headers]] of netlify.toml, read by Netlify's own parser, @netlify/headers-parser. As
 * https://docs.netlify.com/manage/routing/headers/ describes, every matching rule applies, and a file no rule
 * gives a Cache-Control gets Netlify's default. The local server sends exactly these.
 */
import { existsSync } from "node:fs";
import path from "node:path";

/** A rule as @netlify/headers-parser returns it when asked for more than the minimum. */
export interface HeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

/**
 * The rules of `<publicDir>/_headers` and `<siteRoot>/netlify.toml`, in Netlify's order; a rule
 * Netlify's parser refuses stops the server, which would otherwise send headers Netlify does not.
 */
export async function loadHeaderRules(siteRoot: string, publicDir: string): Promise<HeaderRule[]> {
  // An ES module only, so loaded with import(), which tsx and Node keep as it is.
  const { parseAllHeaders } = await import("@netlify/headers-parser");
  const config = path.join(siteRoot, "netlify.toml");
  const { headers, errors } = await parseAllHeaders({
    // Its declarations (7.3.0) type the list of files as never[]; it takes paths.
    headersFiles: [path.join(publicDir, "_headers")] as never[],
    netlifyConfigPath: existsSync(config) ? config : undefined,
    minimal: false,
  });
  if (errors.length)
    throw new Error(`Netlify's parser refuses the headers:\n${errors.map((e) => e.message).join("\n")}`);
  return headers as HeaderRule[];
}

/**
 * What Netlify sends for a static file that no rule gives a Cache-Control: browsers revalidate it
 * each time (Netlify's CDN keeps it until the next deploy). https://docs.netlify.com/build/caching/caching-overview/
 */
export const NETLIFY_DEFAULT_HEADERS: ReadonlyArray<[name: string, value: string]> = [
  ["cache-control", "public, max-age=0, must-revalidate"],
];

/**
 * All headers Netlify sends with a file at a (decoded) path: every matching rule's, in the rules'
 * order, a header two rules give sent once with both values joined by ", " as Netlify's CDN joins
 * them (the site's rules never overlap: src/lib/http/http-headers.ts), then its defaults for the rest.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.forRegExp.test(pathname)) continue;
    for (const [rawName, value] of Object.entries(rule.values)) {
      const name = rawName.toLowerCase();
      const before = result.get(name);
      result.set(name, before === undefined ? value : `${before}, ${value}`);
    }
  }
  for (const [name, value] of NETLIFY_DEFAULT_HEADERS) if (!result.has(name)) result.set(name, value);
  return result;
}
