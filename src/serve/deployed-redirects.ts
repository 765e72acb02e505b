/**
 * The redirect and rewrite rules Netlify is told (public/_redirects, then [[redirects]] of netlify.toml), read by
 * @netlify/redirect-parser and matched here as https://docs.netlify.com/manage/routing/redirects/overview/
 * describes: first match wins, splats and placeholders, query and Language/Cookie conditions, 301 by default,
 * shadowing unless forced. A rule this server cannot apply as Netlify does (a proxy to another host, a
 * domain-level `from`, Country or Role conditions, signed or rate-limited) stops it at start.
 */
import { parseCookie } from "cookie";
import { existsSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { resolveFile } from "./static-files";

/** Where Netlify's rules send a request to a function: `/.netlify/functions/<name>`. */
export const FUNCTIONS_PATH = "/.netlify/functions/";

/** A rule as @netlify/redirect-parser returns it when asked for more than the minimum. */
interface ParsedRedirect {
  from: string;
  to: string;
  status?: number;
  force: boolean;
  query: Record<string, string>;
  conditions: { Language?: string[]; Cookie?: string | string[]; [other: string]: unknown };
  host?: string;
  proxy?: boolean;
  signed?: string;
  rate_limit?: unknown;
}

export interface RedirectRule extends ParsedRedirect {
  /** `from` as an expression; its groups are `names`, in order. */
  pattern: RegExp;
  names: string[];
}

/** What the first matching rule does with a request. */
export interface Redirect {
  /** 3xx sends the visitor to `to`; any other status serves `to` at the address asked for. */
  status: number;
  to: string;
}

const isUrl = (address: string) => /^https?:\/\//.test(address);
export const isRedirectStatus = (status: number) => status >= 300 && status < 400;

function unsupported(rule: ParsedRedirect): string | undefined {
  const conditions = Object.keys(rule.conditions).filter((name) => name !== "Language" && name !== "Cookie");
  if (rule.proxy || (isUrl(rule.to) && !isRedirectStatus(rule.status ?? 301))) return "a proxy to another host";
  if (rule.host) return "a domain-level rule";
  if (conditions.length) return `the condition ${conditions.join(", ")}`;
  if (rule.signed) return "a signed rule";
  if (rule.rate_limit) return "a rate limit";
}

function compile(rule: ParsedRedirect): RedirectRule {
  const names: string[] = [];
  const parts = decodeURI(rule.from)
    .split("/")
    .filter(Boolean)
    .map((part, index, all) => {
      if (part === "*" && index === all.length - 1) {
        names.push("splat");
        // With the slash before it optional, as "/news/*" also matches "/news".
        return "?(.*)";
      }
      if (part.startsWith(":")) {
        names.push(part.slice(1));
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
  return { ...rule, pattern: new RegExp(`^/${parts.join("/")}/?$`, "u"), names };
}

/** The rules of `<publicDir>/_redirects` and `<siteRoot>/netlify.toml`, in Netlify's order. */
export async function loadRedirectRules(siteRoot: string, publicDir: string): Promise<RedirectRule[]> {
  // An ES module only, so loaded with import(), which tsx and Node keep as it is.
  const { parseAllRedirects } = await import("@netlify/redirect-parser");
  const config = path.join(siteRoot, "netlify.toml");
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [path.join(publicDir, "_redirects")],
    netlifyConfigPath: existsSync(config) ? config : undefined,
    configRedirects: [],
    minimal: false,
  });
  const problems = [
    ...errors.map((error: Error) => error.message),
    ...(redirects as ParsedRedirect[]).flatMap((rule) => {
      const what = unsupported(rule);
      return what ? [`${rule.from} -> ${rule.to}: ${what}, which this server cannot apply as Netlify does`] : [];
    }),
  ];
  if (problems.length) throw new Error(`The redirect rules cannot be served here:\n${problems.join("\n")}`);
  return (redirects as ParsedRedirect[]).map(compile);
}

function conditionsHold(rule: RedirectRule, headers: IncomingHttpHeaders): boolean {
  const cookies = parseCookie(headers.cookie ?? "");
  const { Language: languages, Cookie: cookieNames } = rule.conditions;
  if (languages) {
    const language = cookies.nf_lang ?? String(headers["accept-language"] ?? "en").slice(0, 2);
    if (!languages.some((each) => each.toLowerCase() === language.toLowerCase())) return false;
  }
  if (cookieNames) {
    const named = typeof cookieNames === "string" ? cookieNames.split(",") : cookieNames;
    if (!named.some((name) => cookies[name.trim()] !== undefined)) return false;
  }
  return true;
}

/**
 * The first rule matching a request's decoded path, query and headers, with its values put into
 * `to`; null when none does, or when the first is shadowed: without "!", it yields to a file of
 * publicDir at the address. Paths are case-sensitive and a trailing slash is ignored; the request's query goes on
 * to `to` unless `to` has one of its own, as Netlify's own local engine (@netlify/redirects) does (the docs do not
 * say).
 */
export function findRedirect(
  rules: readonly RedirectRule[],
  publicDir: string,
  { pathname, search, headers }: { pathname: string; search: string; headers: IncomingHttpHeaders },
): Redirect | null {
  const query = new URLSearchParams(search);
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    const values = new Map(rule.names.map((name, index) => [name, match[index + 1] ?? ""]));
    const queryHolds = Object.entries(rule.query).every(([key, wanted]) => {
      const value = query.get(key);
      if (value === null) return false;
      if (wanted.startsWith(":")) values.set(wanted.slice(1), value);
      return wanted.startsWith(":") || value === wanted;
    });
    if (!queryHolds || !conditionsHold(rule, headers)) continue;
    const to = rule.to.replace(/:(\w+)/g, (placeholder, name: string) => {
      const value = values.get(name);
      if (value === undefined) return placeholder;
      return name === "splat" ? encodeURI(value) : encodeURIComponent(value);
    });
    if (!rule.force && resolveFile(publicDir, pathname)) return null;
    return { status: rule.status ?? 301, to: to.includes("?") ? to : `${to}${search}` };
  }
  return null;
}
