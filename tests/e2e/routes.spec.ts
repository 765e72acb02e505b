import { expect, test } from "@playwright/test";
import { specRoutes, waterPackages } from "../../scripts/lib/routes";

test.describe("every route of the specification", () => {
  test("has at least two water testing packages", () => {
    expect(waterPackages.length).toBeGreaterThanOrEqual(2);
  });

  for (const route of specRoutes) {
    test(`${route.path} answers 200 with its heading`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
      await expect(page).toHaveTitle(/\| Severn Ridge Home Inspections$/);
    });

    test(`${route.path} fits the screen's width, with wide tables scrolling inside their own box`, async ({ page }) => {
      await page.goto(route.path);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
    });
  }

  test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  test("every route is reachable from the site's own links", async ({ page, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the links are the same at every width");
    // It opens every page of the site in turn: on a busy machine that outgrew the default
    // 30 s per test, once, in CI. The links are all in the served HTML, so the parsed document is enough.
    test.setTimeout(180_000);
    const seen = new Set<string>();
    const queue = ["/"];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const hrefs = await page
        .locator("a[href^='/']")
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute("href")!));
      for (const href of hrefs) {
        const url = new URL(href, baseURL);
        if (!seen.has(url.pathname) && !queue.includes(url.pathname)) queue.push(url.pathname);
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(specRoutes.map((route) => route.path)));
  });
});
