import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { headersFor, loadHeaderRules } from "../../src/serve/deployed-headers";
import { editorContentSecurityPolicy } from "../../src/lib/http/http-headers";

/**
 * The content editor at /admin is the one page that is not for visitors: its own policy, never
 * indexed, never in the sitemap, and nothing of it reaches a visitor page.
 */
const siteRoot = path.join(__dirname, "..", "..");

/** Collects Content-Security-Policy violations, the page's own and its frames' (console reports both). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
      ),
    );
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("the content editor at /admin", () => {
  test(
    "is served under its own policy, noindex, and starts without breaking it",
    { tag: "@desktop" },
    async ({ page }) => {
      // Desktops only: the same at every width.
      // The editor's bundle is 5 MB: on a busy machine it takes a while to start.
      test.setTimeout(180_000);
      const violations = await watchViolations(page);
      const failed: string[] = [];
      page.on("requestfailed", (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
      page.on("console", (message) => message.type() === "error" && failed.push(message.text()));
      const response = await page.goto("/admin", { waitUntil: "commit", timeout: 60_000 });
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers["content-security-policy"]).toBe(editorContentSecurityPolicy());
      expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
      const rules = await loadHeaderRules(siteRoot, path.join(siteRoot, "public"));
      for (const [name, value] of headersFor(rules, "/admin")) expect(headers[name]).toBe(value);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      await expect(page).toHaveTitle(/^Content editor \|/);
      // This server has neither GitHub sign-in nor a local backend: the page says what to run,
      // and nothing knocks on a port where nothing listens.
      await expect(page.getByRole("heading", { name: "The content editor cannot start here" })).toBeVisible({
        timeout: 150_000,
      });
      await expect(page.getByText(/missing: GITHUB_OAUTH_CLIENT_ID, .*run `npm run cms`/)).toBeVisible();
      expect(failed).toEqual([]);
      expect(violations).toEqual([]);
    },
  );

  test("is left out of the sitemap", { tag: "@desktop" }, async ({ request }) => {
    // Desktops only: the same at every width.
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain("/services/radon");
    expect(sitemap).not.toContain("/admin");
  });
});
