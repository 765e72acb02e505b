/**
 * Reads Netlify's `_headers` file, which the build writes into public/ (the site's headers:
 * src/lib/http-headers.ts, then Gatsby's own from the Netlify adapter), and finds the headers for
 * a path the way Netlify does: every matching rule applies, a rule matches as Netlify's own
 * parser (@netlify/headers-parser, `getForRegExp`) reads it, and a file no rule gives a
 * Cache-Control gets Netlify's default. The local server applies exactly these, so tests see what
 * the deployed site sends. No two rules give a path the same header (src/lib/http-headers.ts), so
 * which of two matches would win never arises; tests/e2e/merged-headers.spec.ts checks it.
 */
import { existsSync, readFileSync } from "node:fs";

export interface HeaderRule {
  path: string;
  headers: Array<[name: string, value: string]>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: decodeURI(line.trim()), headers: [] });
      continue;
    }
    const rule = rules[rules.length - 1];
    const colon = line.indexOf(":");
    if (!rule || colon === -1) throw new Error(`Malformed _headers line: "${line}"`);
    rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Each rule's expression, made once: the server matches every rule against every address. */
const patterns = new Map<string, RegExp>();

/**
 * Whether a rule's path matches an address, as Netlify reads it: case aside, with or without a
 * trailing slash; a segment "*" matches the rest of the address or nothing ("/admin/*" matches
 * "/admin"), "*" inside a segment any characters, ":name" one segment.
 */
export function matches(pattern: string, path: string): boolean {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = ruleRegExp(pattern)));
  return regex.test(path);
}

function ruleRegExp(pattern: string): RegExp {
  const parts = pattern
    .split("/")
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(":")) return "([^/]+)";
      if (part === "*") return "?(.*)";
      return (
        part
          .split("*")
          // Escaped as escape-string-regexp does for Netlify: "-" as \x2d, valid under the u flag.
          .map((piece) => piece.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d"))
          .join("(.*)")
      );
    });
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

/**
 * What Netlify sends for a static file that no rule gives a Cache-Control: browsers revalidate it
 * each time (Netlify's CDN keeps it until the next deploy). https://docs.netlify.com/build/caching/caching-overview/
 */
export const NETLIFY_DEFAULT_HEADERS: ReadonlyArray<[name: string, value: string]> = [
  ["cache-control", "public, max-age=0, must-revalidate"],
];

/** All headers Netlify sends with a file at a path: every matching rule's, then its defaults for the rest. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const result = new Map<string, string>();
  rules
    .filter((rule) => matches(rule.path, path))
    .forEach((rule) => {
      rule.headers.forEach(([name, value]) => result.set(name, value));
    });
  for (const [name, value] of NETLIFY_DEFAULT_HEADERS) if (!result.has(name)) result.set(name, value);
  return result;
}

export function loadHeaderRules(file: string): HeaderRule[] {
  return existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [];
}
