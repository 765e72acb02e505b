import { chromium, expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { headersFor, loadHeaderRules } from "../../scripts/lib/deployed-headers";
import { editorContentSecurityPolicy } from "../../src/lib/http-headers";
import { CHROMIUM_ARGS, ensureChromium } from "../../scripts/lib/chromium";
import { e2ePort } from "../support/e2e-env";

/**
 * The content editor at /admin is the one page that is not for visitors: its own policy, never
 * indexed, never in the sitemap, and nothing of it reaches a visitor page.
 */
const rules = loadHeaderRules(path.join(__dirname, "..", "..", "public", "_headers"));

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
    },
  );

  test(
    "the link of an Identity invitation opens the widget's sign-up on /admin, asking the site's own Identity",
    { tag: "@desktop" },
    async () => {
      // Desktops only: the same at every width.
      test.setTimeout(180_000);
      // The widget treats localhost and 127.0.0.1 as a developer's machine (it asks for the site's
      // address instead), so Chromium reaches the same server on loopback under a name of its own.
      const host = "severn-ridge.test";
      const origin = `http://${host}:${e2ePort}`;
      const browser = await chromium.launch({
        executablePath: ensureChromium(),
        args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${host} 127.0.0.1`],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const violations = await watchViolations(page);
        // Netlify Identity cannot run here: its two answers stand in for it, as its API gives
        // them for an invite-only site and an invitation token it does not know.
        const identityRequests: Array<{ url: string; method: string; body: string | null }> = [];
        await page.route("**/.netlify/identity/**", async (route) => {
          const request = route.request();
          identityRequests.push({ url: request.url(), method: request.method(), body: request.postData() });
          if (new URL(request.url()).pathname === "/.netlify/identity/settings") {
            return route.fulfill({
              json: {
                external: { email: true, github: false, gitlab: false, google: false, bitbucket: false },
                disable_signup: true,
                autoconfirm: false,
              },
            });
          }
          return route.fulfill({ status: 404, json: { code: 404, msg: "User not found" } });
        });

        await page.goto(`${origin}/admin/#invite_token=xyz`, { timeout: 60_000 });
        const widget = page.frameLocator("#netlify-identity-widget");
        await expect(widget.getByRole("button", { name: "Complete your signup" })).toBeVisible({ timeout: 150_000 });
        // The token is taken from the address, so a reload or a shared screen does not show it.
        // (Decap's router then writes its own "#/".)
        await expect.poll(() => new URL(page.url()).hash).not.toContain("invite_token");
        expect(identityRequests[0]).toEqual({ url: `${origin}/.netlify/identity/settings`, method: "GET", body: null });

        await widget.getByPlaceholder("Password", { exact: true }).fill("a long first password");
        await widget.getByRole("button", { name: "Sign up", exact: true }).click();
        await expect.poll(() => identityRequests.length).toBe(2);
        const signUp = identityRequests[1]!;
        expect(signUp.url).toBe(`${origin}/.netlify/identity/verify`);
        expect(JSON.parse(signUp.body!)).toEqual({
          token: "xyz",
          password: "a long first password",
          type: "signup",
        });
        await expect(widget.getByText("User not found")).toBeVisible();
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  test("is left out of the sitemap", { tag: "@desktop" }, async ({ request }) => {
    // Desktops only: the same at every width.
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain("/services/radon");
    expect(sitemap).not.toContain("/admin");
  });
});
