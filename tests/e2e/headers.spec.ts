import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { headersFor, loadHeaderRules } from "../../scripts/lib/deployed-headers";
import { openPage } from "../support/page";
import { specRoutes } from "../../scripts/lib/routes";

const rules = loadHeaderRules(path.join(__dirname, "..", "..", "public", "_headers"));

/** Records CSP violations and console errors from the first moment of every page. */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
      ),
    );
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Every route, and an unknown address, which is answered with the 404 page under the "/*" rules alone. */
const UNKNOWN = "/no-such-page";
for (const route of [...specRoutes, { path: UNKNOWN }]) {
  test(`${route.path} runs under the deployed headers with no CSP violation or console error`, async ({ page }) => {
    const problems = await watchForProblems(page);
    const response = await openPage(page, route.path);
    expect(response!.status()).toBe(route.path === UNKNOWN ? 404 : 200);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-xss-protection"]).toBe("0");
    // Exactly the headers of public/_headers, the file Netlify serves.
    for (const [name, value] of headersFor(rules, route.path)) expect(headers[name]).toBe(value);

    await page.waitForLoadState("networkidle");
    // The browser reports the unknown address's own 404 (and the page data it looks for) as errors.
    const notFound = /^console error: Failed to load resource: the server responded with a status of 404/;
    expect(problems.filter((problem) => route.path !== UNKNOWN || !notFound.test(problem))).toEqual([]);
  });
}

test("moving around the site in the browser stays inside the policy", async ({ page }, testInfo) => {
  const problems = await watchForProblems(page);
  await openPage(page, "/");
  if (testInfo.project.name === "phone") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Services" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  }
  await page.getByRole("link", { name: "Water Quality Testing" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Water Quality Testing");
  await page
    .getByRole("button", { name: /^What is/ })
    .first()
    .focus();
  await expect(page.getByRole("tooltip")).toBeVisible();
  await page.goto("/schedule");
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});
