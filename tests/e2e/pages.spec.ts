/**
 * Every route of the specification, and an unknown address, opened once at each width and read as a visitor, a
 * keyboard user, a screen reader and the browser's security checks would (the drawer: keyboard.spec.ts and
 * layout.spec.ts). The checks are soft, so one failure still reports the rest of the page; those that cannot
 * differ with the width (the headers, the law notice) run at one width.
 */
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { readSiteContent } from "../../src/build-time/content-files";
import { headersFor, loadHeaderRules, type HeaderRule } from "../../src/serve/deployed-headers";
import { specRoutes, waterPackages } from "../../scripts/lib/routes";
import { lawPages } from "../../src/lib/content/content-schema";
import { lawPageRoutes } from "../../src/lib/paths";
import { axeViolations, describeViolations } from "../support/axe";
import { loadTooltips, markReachable, tabThrough } from "../support/keyboard";
import { openPage } from "../support/page";
import { watchForProblems } from "../support/problems";

const site = readSiteContent();
const siteRoot = path.join(__dirname, "..", "..");
/** The rules of public/_headers as Netlify's parser reads them (an ES module, so loaded before the tests). */
let rules: HeaderRule[];
test.beforeAll(async () => {
  rules = await loadHeaderRules(siteRoot, path.join(siteRoot, "public"));
});

/** Facts a reader must find on each page, beside its heading. */
const keyFacts: Record<string, (string | RegExp)[]> = {
  "/": ["Decades of experience", "Thousands of inspections", "Certified and licensed inspectors"],
  "/services": ["From $400", "Radon Testing", "Water Quality Testing", "Lead Paint Inspection"],
  "/services/residential": [
    "7 business days",
    "COMAR 09.36.07",
    "2 to 4 hours",
    "Maryland home inspector license #33918",
  ],
  "/services/commercial": ["ASTM E2018"],
  "/services/radon": ["4 pCi/L", "Zone 1", /find Maryland and your\s+county/, "Radon measurement certification"],
  "/services/mold": [
    /spore/i,
    /no federal limits/i,
    /The price covers .* air samples inside the home with an outdoor control/,
  ],
  "/services/sewer-septic": ["July 1, 2022", "WSSC", "On-site wastewater property transfer inspection license"],
  "/services/new-construction": [/pre-drywall/i, /11-month/i],
  "/services/well-inspection": ["October 1, 2024", "Certificate of Potability"],
  "/services/water-quality": ["Water testing packages compared", "E. coli"],
  "/services/lead-paint-inspection": [
    "XRF",
    "1978",
    "The listed price is for an XRF lead-based paint inspection",
    "Lead paint inspector and risk assessor accreditation",
  ],
  "/services/lead-paint-legal-requirements": [/change of occupancy/i, "not legal advice"],
  "/blog/maryland-mold-law": ["15 days", "45 days", "not legal advice"],
  "/blog/well-inspections-maryland": ["October 1, 2024"],
  "/blog/septic-inspections-maryland": ["July 1, 2022", "January 1, 2013", "November 24, 2016"],
  "/blog/walk-talk-vs-inspection": [/10-day/],
  "/blog/comprehensive-water-quality-testing": [
    /nitrate/i,
    "Updated November 23, 2026",
    "4.0 mg/L (secondary standard 2.0 mg/L)",
  ],
  "/blog/lead-inspection-preparation": [/change of occupancy/i, "Updated November 23, 2026"],
  "/services/water-quality/extended-potability": [
    "4.0 mg/L (MCL); 2.0 mg/L (secondary standard)",
    "The laboratory's own terms",
  ],
  "/about": [site.licenseNumber, "COMAR 09.36.07", "7 business days", "State-approved well water sampler"],
  "/faq": ["Is a home inspection required to buy a home in Maryland?"],
  "/cancellation-policy": ["until 24 hours before it starts", "(410) 555-0142"],
  "/privacy": ["This site sets no cookies", "Global Privacy Control", "Kept 5 years from the report's delivery"],
};

/**
 * Pages that explain the law, and so show their review date and official sources: those with a
 * content file that has a review date, and every page content/page-sources.yaml gives sources to.
 */
const lawNoticeRoutes = new Set([
  "/services/lead-paint-legal-requirements",
  "/blog/maryland-mold-law",
  "/services/radon",
  ...lawPages.flatMap((page) => lawPageRoutes[page](waterPackages.map((pack) => pack.id))),
]);
const OFFICIAL_SOURCE =
  /mgaleg\.maryland\.gov|mde\.maryland\.gov|epa\.gov|ecfr\.gov|dsd\.state\.md\.us|hud\.gov|regulations\.justia\.com|montgomerycountymd\.gov/;

const UNKNOWN = { path: "/no-such-page", heading: /^Page not found$/ };

/**
 * The security headers every answer carries, and exactly the values of public/_headers. `policy`
 * is the page's Content-Security-Policy: its header, or for the 404 page, which answers addresses
 * only "/*" matches, its <meta> element (src/lib/http/http-headers.ts).
 */
function checkHeaders(route: string, headers: Record<string, string>, policy: string | undefined) {
  // WebAssembly may be compiled on the search page only, for Pagefind (src/lib/http/http-headers.ts); no page may eval.
  const webAssembly = route === "/search" ? "'wasm-unsafe-eval' " : "";
  expect.soft(policy).toMatch(`default-src 'self'; script-src 'self' ${webAssembly}'sha256-`);
  expect.soft(policy?.startsWith("default-src 'self';")).toBe(true);
  expect.soft(policy).not.toContain("'unsafe-eval'");
  if (!webAssembly) expect.soft(policy).not.toContain("wasm-unsafe-eval");
  expect.soft(headers["strict-transport-security"]).toContain("max-age=");
  expect.soft(headers["x-content-type-options"]).toBe("nosniff");
  expect.soft(headers["x-frame-options"]).toBe("DENY");
  expect.soft(headers["referrer-policy"]).toBeTruthy();
  expect.soft(headers["permissions-policy"]).toContain("camera=()");
  // Only a header can set the opener policy; the 404 page's addresses get none (src/lib/http/http-headers.ts).
  if (route !== UNKNOWN.path) expect.soft(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect.soft(headers["x-xss-protection"]).toBe("0");
  expect.soft(headers["x-robots-tag"], "only the editor is kept out of search").toBeUndefined();
  // Exactly the headers of public/_headers, the file Netlify serves (an unknown address gets the "/*" rules).
  for (const [name, value] of headersFor(rules, route)) expect.soft(headers[name], name).toBe(value);
}

async function checkLawNotice(page: Page) {
  const sources = page.getByRole("complementary", { name: "Sources" });
  await expect
    .soft(sources.getByText(/^Last reviewed \w+ \d+, \d{4}\. This is a plain-language summary, not legal advice/))
    .toBeVisible();
  const links = await sources
    .getByRole("link")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  expect
    .soft(
      links.some((href) => OFFICIAL_SOURCE.test(href)),
      `an official source among ${links}`,
    )
    .toBe(true);
}

/**
 * Tab from the top: the skip link first, then every reachable element, each showing its focus;
 * the skip link, followed, moves focus to the main content. On a page not in WHOLE_PAGE_TAB the
 * Tab stops where focus leaves the main content: the footer is one component on every page, and
 * is tabbed through on those pages (the drawer in keyboard.spec.ts); it was a third of each page's
 * stops.
 */
async function checkKeyboard(page: Page, whole: boolean) {
  await loadTooltips(page);
  // Each stop is judged in its end state; colour transitions (Tailwind's transition-colors, which
  // include the outline) end at once instead of after 150 ms at every stop.
  await page.addStyleTag({ content: "*, ::before, ::after { transition-duration: 0s !important }" });
  const reachable = await markReachable(page, "body");
  const stops = await tabThrough(page, reachable.length + 10, whole ? undefined : "main");
  expect.soft(stops[0]?.description, "the first Tab stop").toBe('<a> "Skip to main content"');
  const problems = stops.filter((stop) => stop.problem).map((stop) => `${stop.description}: ${stop.problem}`);
  expect.soft(problems, "stops whose focus cannot be seen").toEqual([]);
  const reached = new Set(stops.map((stop) => stop.key));
  const expected = whole
    ? reachable
    : await page.evaluate(
        (keys) => keys.filter((key) => !document.querySelector(`footer [data-keyboard-key="${key}"]`)),
        reachable,
      );
  const missed = await page.evaluate(
    (keys) => keys.map((key) => document.querySelector(`[data-keyboard-key="${key}"]`)?.outerHTML.slice(0, 120) ?? key),
    expected.filter((key) => !reached.has(key)),
  );
  expect.soft(missed, "elements Tab never reached").toEqual([]);
  if (!whole) return;

  // The skip link, followed, moves focus to the main content, and the next Tab stays inside it.
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await skip.focus();
  await expect.soft(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect.soft(page.locator("main#main-content")).toBeFocused();
  await page.keyboard.press("Tab");
  expect.soft(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
}

/** The pages whose header and footer are tabbed through whole (see checkKeyboard). */
const WHOLE_PAGE_TAB = new Set(["/", "/services/water-quality", UNKNOWN.path]);

for (const route of [...specRoutes, UNKNOWN]) {
  test(`${route.path}`, async ({ page }, testInfo) => {
    // Loading, two axe runs and a Tab through every element: longer than one quick check.
    test.setTimeout(120_000);
    const desktop = testInfo.project.name === "desktop";
    const problems = await watchForProblems(page);
    const response = await openPage(page, route.path);

    expect.soft(response!.status()).toBe(route === UNKNOWN ? 404 : 200);
    await expect.soft(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect.soft(page).toHaveTitle(/\| Severn Ridge Home Inspections$/);
    if (route === UNKNOWN) {
      await expect.soft(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    }
    if (desktop) {
      const headers = response!.headers();
      const policy =
        route === UNKNOWN
          ? await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")
          : headers["content-security-policy"];
      checkHeaders(route.path, headers, policy ?? undefined);
    }

    // It fits the screen's width; wide tables scroll inside their own box.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect.soft(widths.page, "the page's width").toBeLessThanOrEqual(widths.screen);

    const main = page.locator("main");
    for (const fact of keyFacts[route.path] ?? []) await expect.soft(main.getByText(fact).first()).toBeVisible();
    if (desktop && lawNoticeRoutes.has(route.path)) await checkLawNotice(page);

    const violations = await axeViolations(page);
    expect.soft(violations, describeViolations(violations)).toEqual([]);

    await checkKeyboard(page, WHOLE_PAGE_TAB.has(route.path));

    // Whatever the page loads on its own or on first use has arrived, inside the policy, and
    // none of it is the editor's.
    await page.waitForLoadState("networkidle");
    expect.soft(await page.evaluate(() => "netlifyIdentity" in window), "the identity widget").toBe(false);
    // The browser reports the unknown address's own 404 (and the page data it looks for) as errors.
    const notFound = /^console error: Failed to load resource: the server responded with a status of 404/;
    expect(problems.filter((problem) => route !== UNKNOWN || !notFound.test(problem))).toEqual([]);
  });
}

test("the accessibility check finds a violation when there is one", { tag: "@desktop" }, async ({ page }) => {
  // Desktops only: one width is enough to prove the check works.
  await openPage(page, "/");
  await page.locator("main").evaluate((main) => {
    main.insertAdjacentHTML("afterbegin", '<img src="/missing.png"><button type="button"></button>');
  });
  const violations = await axeViolations(page);
  expect(violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(["image-alt", "button-name"]));
});

test("the keyboard check finds a stop without a visible focus", { tag: "@desktop" }, async ({ page }) => {
  // Desktops only: one width is enough to prove the check works.
  await openPage(page, "/about");
  await page.addStyleTag({ content: "main a:focus-visible { outline: none !important; box-shadow: none !important }" });
  const reachable = await markReachable(page, "body");
  const stops = await tabThrough(page, reachable.length + 10);
  expect(stops.filter((stop) => stop.problem === "no focus outline or ring").length).toBeGreaterThan(0);
});

test("the specification's routes include at least two water testing packages", () => {
  const packages = specRoutes.filter((route) => route.path.startsWith("/services/water-quality/"));
  expect(packages.length).toBeGreaterThanOrEqual(2);
});
