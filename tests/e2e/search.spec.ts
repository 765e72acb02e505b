import { expect, test } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { openPage } from "../support/page";
import { watchForProblems } from "../support/problems";

/** Words of one article and one service page, and of no other page. */
const PHRASE = "Tenant Mold Protection Act";

test.describe("search", () => {
  test("from the header, a phrase finds its article and its service, and the first result opens", async ({ page }) => {
    const problems = await watchForProblems(page);
    const origins = new Set<string>();
    const indexRequests: string[] = [];
    page.on("request", (request) => {
      origins.add(new URL(request.url()).origin);
      if (new URL(request.url()).pathname.startsWith("/pagefind/")) indexRequests.push(request.url());
    });

    await openPage(page, "/services");
    await page.getByRole("banner").getByRole("link", { name: "Search the site" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the site");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // Nothing of the index before the visitor searches.
    expect(indexRequests).toEqual([]);

    const field = page.getByRole("combobox", { name: /Search services/ });
    await field.fill(PHRASE);
    const results = page.getByRole("listbox", { name: "Pages that match" }).getByRole("option");
    await expect(page.getByRole("search").getByRole("status")).toContainText(`“${PHRASE}”`);
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(results.filter({ hasText: "Tenant Mold Protection Act: What Landlords Must Do" })).toHaveCount(1);
    await expect(results.filter({ hasText: "/services/mold" })).toHaveCount(1);
    // Each result names its page and shows the words that matched.
    await expect(results.first().locator("mark").first()).toBeVisible();
    expect(indexRequests.length).toBeGreaterThan(0);

    const first = results.first();
    const title = (await first.locator("span").first().textContent())!;
    const route = (await first.locator("span").nth(1).textContent())!;
    await field.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await field.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([new URL(page.url()).origin]);
    expect(await page.context().cookies()).toEqual([]);
  });

  test("the results are keyboard and screen-reader complete", { tag: "@desktop" }, async ({ page }) => {
    await openPage(page, `/search?q=${encodeURIComponent("radon")}`);
    const field = page.getByRole("combobox", { name: /Search services/ });
    await expect(field).toHaveValue("radon");
    const results = page.getByRole("option");
    await expect(results.first()).toBeVisible();
    const count = await results.count();
    // Up from the field wraps to the last result; Escape leaves the list, then clears the field.
    await field.press("ArrowUp");
    await expect(results.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await field.press("Escape");
    await expect(field).not.toHaveAttribute("aria-activedescendant");
    expect(describeViolations(await axeViolations(page))).toBe("");
    await field.press("Escape");
    await expect(field).toHaveValue("");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL(/\/search$/);
  });

  test("more results than fit at first are a button away, and focus goes to the first new one", async ({
    page,
  }, testInfo) => {
    await openPage(page, `/search?q=${encodeURIComponent("radon")}`);
    const status = page.getByRole("search").getByRole("status");
    await expect(status).toContainText(/pages match “radon”, the first 10 shown\./);
    const total = Number(/^(\d+) pages/.exec((await status.textContent())!)![1]);
    expect(total).toBeGreaterThan(10);
    const results = page.getByRole("listbox", { name: "Pages that match" }).getByRole("option");
    await expect(results).toHaveCount(10);

    const more = page.getByRole("button", { name: /^Show \d+ more results?$/ });
    await more.press("Enter");
    const shown = Math.min(total, 20);
    await expect(results).toHaveCount(shown);
    await expect(status).toContainText(shown === total ? `all ${total} shown` : `the first ${shown} shown`);
    await expect(results.nth(10)).toBeFocused();
    await expect(results.nth(10)).toHaveAttribute("aria-selected", "true");
    await expect(results.nth(10)).toBeInViewport();
    expect(describeViolations(await axeViolations(page))).toBe("");
    // The viewport as the visitor sees it: the first new result focused, in view.
    await page.screenshot({ path: `reports/tmp/search-more-${testInfo.project.name}.png` });

    // The arrows go on from the focused result, in the field.
    await page.keyboard.press("ArrowDown");
    const field = page.getByRole("combobox", { name: /Search services/ });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-activedescendant", (await results.nth(11).getAttribute("id"))!);
  });

  test("excerpts read as words, and a water package's title names water once", async ({ page }, testInfo) => {
    await openPage(page, `/search?q=${encodeURIComponent("price turnaround")}`);
    const radonInWater = page.getByRole("option").filter({ hasText: "/services/water-quality/radon-in-water" });
    // Each term and its definition (<dt>, <dd>) were indexed as one word: "Price$125", "turnaroundAbout".
    await expect(radonInWater).toContainText("Price $125. Laboratory turnaround About 5 to 7 business days");
    for (const excerpt of await page.getByRole("option").locator("span:nth-child(3)").allTextContents()) {
      expect(excerpt).not.toMatch(/Price\$|turnaroundAbout|samplingThe|ParameterLimit/);
    }
    await page.screenshot({ path: `reports/tmp/search-excerpts-${testInfo.project.name}.png`, fullPage: true });

    await radonInWater.click();
    await expect(page).toHaveURL(/\/services\/water-quality\/radon-in-water$/);
    await expect(page).toHaveTitle(/^Radon in Water Test \| /);
  });

  test("a word no page holds says so", { tag: "@phone" }, async ({ page }) => {
    await openPage(page, "/search");
    await page.getByRole("combobox", { name: /Search services/ }).fill("zzyzx");
    await expect(page.getByRole("search").getByRole("status")).toHaveText("No pages match “zzyzx”.");
    await expect(page.getByRole("option")).toHaveCount(0);
  });
});
