/**
 * The production server (src/serve/serve.ts) against Netlify's own parsers' reading of public/_headers and
 * public/_redirects: what each address gets is worked out from the parsers' output alone, as Netlify's docs
 * describe, and compared with what the server sends for every header rule's path, every redirect's and every
 * page's two addresses. The redirect matcher's documented cases are tried on rules written for them.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pageAddresses } from "../../src/lib/http/http-headers";
import { NETLIFY_DEFAULT_HEADERS } from "../../src/serve/deployed-headers";
import { findRedirect, loadRedirectRules } from "../../src/serve/deployed-redirects";
import { builtRoutes, publicDir } from "../support/built-site";
import { send, startFunctionServer, type Answer, type FunctionServer } from "../support/function-server";
import { siteRoot } from "../../scripts/lib/site-copy";

interface NetlifyHeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

interface NetlifyRedirect {
  from: string;
  to: string;
  status?: number;
}

async function netlifyHeaderRules(): Promise<NetlifyHeaderRule[]> {
  const { parseAllHeaders } = await import("@netlify/headers-parser");
  const { headers, errors } = await parseAllHeaders({
    // Its declarations (7.3.0) type the list of files as never[]; it takes paths.
    headersFiles: [path.join(publicDir, "_headers")] as never[],
    netlifyConfigPath: path.join(siteRoot, "netlify.toml"),
    minimal: false,
  });
  expect(errors).toEqual([]);
  return headers as NetlifyHeaderRule[];
}

async function netlifyRedirects(): Promise<NetlifyRedirect[]> {
  const { parseAllRedirects } = await import("@netlify/redirect-parser");
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [path.join(publicDir, "_redirects")],
    netlifyConfigPath: path.join(siteRoot, "netlify.toml"),
    configRedirects: [],
    minimal: false,
  });
  expect(errors).toEqual([]);
  return redirects as NetlifyRedirect[];
}

/** An address a rule's path matches: each ":name" and "*" given a value. */
const sampleOf = (rulePath: string) => rulePath.replace(/:\w+/g, "sample").replace(/\*/g, "sample");

/**
 * Every header the matching rules give an address, in the rules' order, a name two rules give
 * sent once with the values joined by ", ", then Netlify's defaults for the rest.
 */
function netlifyHeaders(rules: readonly NetlifyHeaderRule[], address: string): Map<string, string> {
  const sent = new Map<string, string>();
  for (const rule of rules.filter(({ forRegExp }) => forRegExp.test(address))) {
    for (const [rawName, value] of Object.entries(rule.values)) {
      const name = rawName.toLowerCase();
      sent.set(name, sent.has(name) ? `${sent.get(name)}, ${value}` : value);
    }
  }
  for (const [name, value] of NETLIFY_DEFAULT_HEADERS) if (!sent.has(name)) sent.set(name, value);
  return sent;
}

describe("the built site's rules, as Netlify's parsers read them", () => {
  let server: FunctionServer;
  let headerRules: NetlifyHeaderRule[];
  let redirects: NetlifyRedirect[];
  beforeAll(async () => {
    [headerRules, redirects] = await Promise.all([netlifyHeaderRules(), netlifyRedirects()]);
    server = await startFunctionServer();
  });
  afterAll(() => server?.stop());
  const get = (address: string): Promise<Answer> => send(`${server.url}${encodeURI(address)}`, { method: "GET" });

  it("are there to compare: header rules, the functions' redirects and the pages", () => {
    expect(headerRules.length).toBeGreaterThan(20);
    expect(redirects.length).toBeGreaterThan(5);
    expect(builtRoutes().length).toBeGreaterThan(10);
  });

  it("give every header rule's path and every page's addresses exactly their headers, from every matching rule", async () => {
    // Every header any rule names is compared, so one sent that Netlify would not send counts too.
    const named = new Set([
      ...headerRules.flatMap((rule) => Object.keys(rule.values).map((name) => name.toLowerCase())),
      ...NETLIFY_DEFAULT_HEADERS.map(([name]) => name),
    ]);
    const addresses = new Set([
      ...headerRules.map((rule) => sampleOf(rule.for)),
      ...builtRoutes().flatMap(({ route }) => pageAddresses(route)),
    ]);
    const differences: string[] = [];
    for (const address of addresses) {
      const answer = await get(address);
      const expected = netlifyHeaders(headerRules, address);
      for (const name of named) {
        const sent = answer.headers[name];
        if (sent !== expected.get(name)) {
          differences.push(`${address} ${name}: sent ${String(sent)}, Netlify ${String(expected.get(name))}`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it("send every redirect's address where its rule says: each function's to that function", async () => {
    const notFoundPage = readFileSync(path.join(publicDir, "404.html"), "utf8");
    const manifest = path.join(siteRoot, ".cache", "functions", "manifest.json");
    const functionIds = (JSON.parse(readFileSync(manifest, "utf8")) as Array<{ functionId: string }>).map(
      ({ functionId }) => functionId,
    );
    for (const redirect of redirects) {
      const address = sampleOf(redirect.from);
      // The address is this rule's: no rule above it matches it, as Netlify tries them from the top.
      expect(redirects.find(({ from }) => pathPattern(from).test(address))).toBe(redirect);
      const answer = await get(address);
      if (redirect.to.startsWith("/.netlify/functions/")) {
        // The functions the server runs answered (Gatsby's ids are Netlify's names), not the static site.
        expect(functionIds).toContain(redirect.to.slice("/.netlify/functions/".length));
        expect({ address, notFoundPage: answer.body === notFoundPage }).toEqual({ address, notFoundPage: false });
      } else {
        expect({ address, status: answer.status }).toEqual({ address, status: redirect.status ?? 301 });
      }
    }
  });
});

/** A redirect's `from` as Netlify's docs read it: ":name" one segment, a final "*" the rest. */
function pathPattern(from: string): RegExp {
  const parts = from.split("/").map((part, index, all) => {
    if (part === "*" && index === all.length - 1) return ".*";
    if (part.startsWith(":")) return "[^/]+";
    return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${parts.join("/")}/?$`);
}

describe("the server's redirect matcher, on rules written for each case of Netlify's docs", () => {
  const root = mkdtempSync(path.join(tmpdir(), "redirect-rules-"));
  const site = path.join(root, "public");
  mkdirSync(site);
  for (const file of ["shadowed.html", "forced.html", "app.html"]) writeFileSync(path.join(site, file), "<p>file</p>");
  const rules = [
    "/home              /                           301",
    "/news/*            /blog/:splat",
    "/posts/:year/:slug /blog/:year-:slug           302",
    "/store id=:id      /products/:id               301",
    "/first             /one                        301",
    "/first             /two                        301",
    "/shadowed          /elsewhere                  301",
    "/forced            /elsewhere                  301!",
    "/app/*             /app.html                   200",
    "/en/*              /en/404.html                404",
    "/fr-only           /fr                         302  Language=fr",
    "/beta              /beta-site                  302  Cookie=beta,preview",
    "/kept              /moved?from=kept            301",
  ];
  writeFileSync(path.join(site, "_redirects"), rules.join("\n"));
  const load = () => loadRedirectRules(root, site);
  const find = async (pathname: string, search = "", headers: Record<string, string> = {}) =>
    findRedirect(await load(), site, { pathname, search, headers });

  it("sends the first matching rule's status and target, 301 when none is given", async () => {
    expect(await find("/home")).toEqual({ status: 301, to: "/" });
    expect(await find("/first")).toEqual({ status: 301, to: "/one" });
    expect(await find("/nowhere")).toBeNull();
  });

  it("puts the splat and the placeholders into the target, a trailing slash ignored", async () => {
    expect(await find("/news/2004/01/10/my-story")).toEqual({ status: 301, to: "/blog/2004/01/10/my-story" });
    expect(await find("/posts/2024/spring/")).toEqual({ status: 302, to: "/blog/2024-spring" });
    expect(await find("/posts/2024")).toBeNull();
  });

  it("matches a rule's query pairs, binding their values; the request's query goes on unless the target has one", async () => {
    expect(await find("/store", "?id=42&ref=mail")).toEqual({ status: 301, to: "/products/42?id=42&ref=mail" });
    expect(await find("/store", "?ref=mail")).toBeNull();
    expect(await find("/kept", "?x=1")).toEqual({ status: 301, to: "/moved?from=kept" });
  });

  it("lets a file at the address win over a rule without '!', and not over a forced one", async () => {
    expect(await find("/shadowed")).toBeNull();
    expect(await find("/forced")).toEqual({ status: 301, to: "/elsewhere" });
  });

  it("keeps rewrites and their statuses (200, 404) for the server to serve the target", async () => {
    expect(await find("/app/settings")).toEqual({ status: 200, to: "/app.html" });
    expect(await find("/en/missing")).toEqual({ status: 404, to: "/en/404.html" });
  });

  it("applies the Language and Cookie conditions", async () => {
    expect(await find("/fr-only", "", { "accept-language": "fr-CA,fr;q=0.8" })).toEqual({ status: 302, to: "/fr" });
    expect(await find("/fr-only", "", { "accept-language": "en-US" })).toBeNull();
    expect(await find("/fr-only", "", { cookie: "nf_lang=fr" })).toEqual({ status: 302, to: "/fr" });
    expect(await find("/beta", "", { cookie: "preview=1" })).toEqual({ status: 302, to: "/beta-site" });
    expect(await find("/beta")).toBeNull();
  });

  it("refuses, at start, a rule it cannot apply as Netlify does", async () => {
    const refused = mkdtempSync(path.join(tmpdir(), "redirect-refused-"));
    mkdirSync(path.join(refused, "public"));
    writeFileSync(
      path.join(refused, "public", "_redirects"),
      "/api/*  https://api.example.com/:splat  200\n/ca  /canada  302  Country=ca\n",
    );
    await expect(loadRedirectRules(refused, path.join(refused, "public"))).rejects.toThrow(
      /a proxy to another host[\s\S]*the condition Country/,
    );
  });
});
