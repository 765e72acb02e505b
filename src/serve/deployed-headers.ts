/**
 * Reads Netlify's `_headers` file, which the build writes into public/ (the site's headers:
 * src/lib/http-headers.ts, then Gatsby's own from the Netlify adapter), and finds the headers for
 * a path the way Netlify does: every matching rule applies, `*` matches any rest of a path.
 * The local server applies exactly these, so tests see what the deployed site sends.
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

function matches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes("*") && !pattern.includes(":")) return false;
  const regex = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
    })
    .join("/");
  return new RegExp(`^${regex}$`).test(path);
}

/** All headers for a path; a header named by several rules keeps the last rule's value. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const result = new Map<string, string>();
  rules
    .filter((rule) => matches(rule.path, path))
    .forEach((rule) => {
      rule.headers.forEach(([name, value]) => result.set(name, value));
    });
  return result;
}

export function loadHeaderRules(file: string): HeaderRule[] {
  return existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [];
}
