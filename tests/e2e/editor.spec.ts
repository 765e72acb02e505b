import { expect, test } from "@playwright/test";
import path from "node:path";
import { headersFor, loadHeaderRules } from "../../scripts/lib/deployed-headers";
import { editorContentSecurityPolicy } from "../../src/lib/http-headers";
import { specRoutes } from "../../scripts/lib/routes";

/**
 * The content editor at /admin is the one page that is not for visitors: its own policy, never
 * indexed, never in the sitemap, and nothing of it reaches a visitor page.
 */
const rules = loadHeaderRules(path.join(__dirname, "..", "..", "public", "_headers"));

test.describe("the content editor at /admin", () => {
  test("is served under its own policy, noindex, and starts without breaking it", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the same at every width");
    // The editor's bundle is 5 MB: on a busy machine it takes a while to start.
    test.setTimeout(180_000);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
        ),
      );
    });
    const response = await page.goto("/admin", { waitUntil: "commit", timeout: 60_000 });
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toBe(editorContentSecurityPolicy());
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    for (const [name, value] of headersFor(rules, "/admin")) expect(headers[name]).toBe(value);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page).toHaveTitle(/^Content editor \|/);
    // Decap has started: without Netlify Identity here it shows its own screen.
    await expect(page.locator("#nc-root")).toBeAttached({ timeout: 150_000 });
    expect(violations).toEqual([]);
  });

  test("is left out of the sitemap", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the same at every width");
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain("/services/radon");
    expect(sitemap).not.toContain("/admin");
  });

  test("no visitor page requests any of its files or runs under its policy", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the same at every width");
    test.setTimeout(300_000);
    const editorRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/admin")) editorRequests.push(request.url());
    });
    for (const route of specRoutes) {
      const response = await page.goto(route.path);
      expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-eval");
      expect(response?.headers()["x-robots-tag"]).toBeUndefined();
      await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
    }
    await page.waitForLoadState("networkidle");
    expect(editorRequests).toEqual([]);
  });
});
