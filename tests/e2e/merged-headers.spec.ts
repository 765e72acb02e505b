/**
 * The deployed headers hold however a host merges the rules of public/_headers that match one address: here
 * every matching rule's headers are sent at once (Netlify's parser), the hardest case, and each page at each of
 * its addresses must still run its scripts inside its policy and hydrate, and each file get one Cache-Control.
 * src/lib/http/http-headers.ts says why no two rules overlap.
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { builtPages } from "../../src/build-time/built-pages";
import { pageAddresses } from "../../src/lib/http/http-headers";
import { loadHeaderRules, NETLIFY_DEFAULT_HEADERS, type HeaderRule } from "../../src/serve/deployed-headers";
import { openPage } from "../support/page";
import { watchForProblems } from "../support/problems";

const siteRoot = path.join(__dirname, "..", "..");
const publicDir = path.join(siteRoot, "public");
const pages = builtPages(publicDir).map(({ route }) => route);
const UNKNOWN = "/no-such-page";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** The rules of public/_headers, read by the parser Netlify reads them with, as the local server reads them. */
const netlifyRules = () => loadHeaderRules(siteRoot, publicDir);

/** Every header each matching rule gives an address, in the rules' order, and Netlify's defaults for the rest. */
function allSent(rules: readonly HeaderRule[], address: string): Map<string, Array<{ rule: string; value: string }>> {
  const sent = new Map<string, Array<{ rule: string; value: string }>>();
  for (const rule of rules.filter(({ forRegExp }) => forRegExp.test(address))) {
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      sent.set(key, [...(sent.get(key) ?? []), { rule: rule.for, value }]);
    }
  }
  for (const [name, value] of NETLIFY_DEFAULT_HEADERS)
    if (!sent.has(name)) sent.set(name, [{ rule: "default", value }]);
  return sent;
}

/** Every address of the built site: each file, each page at each address it is served at, and an unknown one. */
function siteAddresses(): string[] {
  const files = (readdirSync(publicDir, { recursive: true }) as string[])
    .filter((file) => !["_headers", "_redirects"].includes(file) && statSync(path.join(publicDir, file)).isFile())
    .map((file) => `/${file.split(path.sep).join("/")}`);
  return [...new Set([...files, ...pages.flatMap(pageAddresses), UNKNOWN, `${UNKNOWN}/`, "/about/"])];
}

/**
 * The server's answer for a route. A request sent on a kept-alive connection just as the server
 * closes it (its idle timeout) is reset before any answer; a browser sends such a request again on
 * a new connection, and so does this, once.
 */
async function fetchAgainIfReset(route: Route) {
  try {
    return await route.fetch({ maxRedirects: 0 });
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return route.fetch({ maxRedirects: 0 });
  }
}

/**
 * Answers every request for the site's own files with the headers of all its matching rules at
 * once (the functions' answers, which Netlify gives no _headers rule, pass as the server sends them).
 */
async function sendAllMatches(page: Page, site: string, rules: readonly HeaderRule[]) {
  const ruled = new Set([
    ...rules.flatMap((rule) => Object.keys(rule.values).map((name) => name.toLowerCase())),
    ...NETLIFY_DEFAULT_HEADERS.map(([name]) => name),
  ]);
  await page.route(
    (url) => url.origin === new URL(site).origin && !url.pathname.startsWith("/api/"),
    async (route) => {
      const response = await fetchAgainIfReset(route);
      // The body arrives decoded, so it is sent without the server's encoding and length.
      const kept = Object.entries(response.headers()).filter(
        ([name]) => !ruled.has(name) && name !== "content-encoding" && name !== "content-length",
      );
      const address = decodeURIComponent(new URL(route.request().url()).pathname);
      const merged = [...allSent(rules, address)].map(([name, sent]) => [
        name,
        sent.map(({ value }) => value).join(", "),
      ]);
      await route.fulfill({ response, headers: Object.fromEntries([...kept, ...merged]) });
    },
  );
}

test.describe("the headers of public/_headers, every matching rule sent at once", { tag: "@desktop" }, () => {
  test("give no address a header from two rules, so which rule wins never matters", async () => {
    const rules = await netlifyRules();
    const overlaps = siteAddresses().flatMap((address) =>
      [...allSent(rules, address)]
        .filter(([, sent]) => sent.length > 1)
        .map(([name, sent]) => `${address} ${name} from ${sent.map(({ rule }) => rule).join(" and ")}`),
    );
    expect(overlaps.slice(0, 20), `${overlaps.length} overlaps`).toEqual([]);
  });

  test("give each kind of file one Cache-Control: hashed files kept, the rest revalidated", async () => {
    const rules = await netlifyRules();
    const cacheControl = (address: string) =>
      allSent(rules, address)
        .get("cache-control")!
        .map(({ value }) => value);
    const hashed = siteAddresses().filter((address) => /^\/[^/]+[.-][0-9a-f]{20}\.(js|css)$/.test(address));
    expect(hashed.length).toBeGreaterThan(5);
    for (const address of hashed) expect.soft(cacheControl(address), address).toEqual([IMMUTABLE]);
    const shared = siteAddresses().filter((address) => address.startsWith("/static/"));
    for (const address of shared) expect.soft(cacheControl(address), address).toEqual([IMMUTABLE]);
    const revalidated = [...pages.flatMap(pageAddresses), "/page-data/app-data.json", "/robots.txt", UNKNOWN];
    for (const address of revalidated) expect.soft(cacheControl(address), address).toEqual([REVALIDATE]);
  });

  for (const route of [...pages, UNKNOWN]) {
    test(`${route} runs its scripts inside its policy and hydrates, at each address it is served at`, async ({
      page,
      baseURL,
    }) => {
      const rules = await netlifyRules();
      await sendAllMatches(page, baseURL!, rules);
      const problems = await watchForProblems(page);
      const policies: string[] = [];
      for (const address of route === UNKNOWN ? [route] : pageAddresses(route)) {
        const response = await openPage(page, address);
        policies.push(
          response!.headers()["content-security-policy"] ??
            (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content"))!,
        );
        // All the page asks for has been answered, inside its policy, before the next address.
        await page.waitForLoadState("networkidle");
      }
      await page.unrouteAll({ behavior: "wait" });
      // What a page's requests are answered (the unknown address's 404, the desk's 401 before
      // sign-in) is pages.spec.ts's to judge; here every other problem counts: a blocked script,
      // a policy refusing a resource, an error thrown.
      const answered = /^console error: Failed to load resource: the server responded with a status of \d+/;
      expect(problems.filter((problem) => !answered.test(problem))).toEqual([]);
      expect(policies[0]).toMatch(/^default-src 'self'; script-src 'self' ('wasm-unsafe-eval' )?'sha256-/);
      expect(new Set(policies).size, "one policy at both addresses").toBe(1);
    });
  }
});
