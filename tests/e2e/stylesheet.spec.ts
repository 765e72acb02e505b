import { expect, test, type Page, type Route } from "@playwright/test";
import { openPage } from "../support/page";

/**
 * The site's whole style sheet arrives late or fails (src/lib/ui/site-stylesheet.ts). Each page
 * inlines only the rules its own HTML uses; the whole sheet styles what JavaScript renders.
 * Phones only: the drawer exists there, and a touch screen has no hover to tell the critical CSS
 * (which leaves hover rules out) from the whole sheet.
 */
test.describe.configure({ mode: "parallel" });

const SHEET = /\/styles\.[\da-f]+\.css$/;

/** The computed styles that show whether an element has its rules, for every element of `root`. */
function styleSnapshot(page: Page, root: string): Promise<Record<string, string>> {
  return page.evaluate((selector) => {
    // What the sheet's rules set, not what layout then works out: a used width also depends on
    // whether a closed disclosure's content has been laid out yet, which is no matter of styling.
    const properties = [
      "display",
      "position",
      "margin",
      "padding",
      "font-size",
      "font-weight",
      "color",
      "background-color",
      "border-width",
      "gap",
    ];
    const snapshot: Record<string, string> = {};
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll(`${selector}, ${selector} *`)) {
      const name = `${element.tagName}.${element.getAttribute("class") ?? ""}`;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      const style = getComputedStyle(element);
      snapshot[`${name}#${count}`] = properties.map((property) => style.getPropertyValue(property)).join(" | ");
    }
    return snapshot;
  }, root);
}

/** Differences from `whole`, the same page loaded with the whole sheet, one line each. */
async function unstyled(page: Page, root: string, whole: Record<string, string>): Promise<string[]> {
  const now = await styleSnapshot(page, root);
  return Object.keys({ ...whole, ...now })
    .filter((key) => now[key] !== whole[key])
    .map((key) => `${key}: ${now[key] ?? "missing"}, with the whole sheet ${whole[key] ?? "missing"}`);
}

/** The drawer once it has finished opening (its slide is an animation the snapshot must not catch). */
async function openDrawer(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expect.poll(() => drawer.evaluate((element) => element.getAnimations().length)).toBe(0);
  return drawer;
}

/** A page's <main> and its open drawer, as they look with the whole sheet applied. */
async function wholeLook(page: Page, path: string) {
  await openPage(page, path);
  await expect.poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href))).toBe(true);
  const main = await styleSnapshot(page, "main");
  await openDrawer(page);
  const drawer = await styleSnapshot(page, "#mobile-menu");
  await page.keyboard.press("Escape");
  return { main, drawer };
}

test(
  "with the site's sheet held back, the menu opens and the booking calendar answers; then everything is styled",
  {
    tag: "@phone",
  },
  async ({ page, browser }) => {
    const reference = await browser.newPage({ viewport: page.viewportSize()!, isMobile: true, hasTouch: true });
    const whole = await wholeLook(reference, "/schedule");
    await reference.close();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    // The sheet is answered only when the test releases it: everything the order of events puts
    // before "sheet answered" happened without it (no elapsed time is asserted, which a busy
    // machine can stretch).
    await page.route(SHEET, async (route: Route) => {
      events.push("sheet requested");
      await released;
      events.push("sheet answered");
      await route.continue();
    });

    // The load event waits for the sheet; the page is usable long before it.
    await page.goto("/schedule", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    events.push("hydrated");

    const drawer = await openDrawer(page);
    events.push("menu opened");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // The booking calendar, two steps on, answers: it shows another month with its open times.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Street address").fill("48 Duke of Gloucester Street");
    await page.getByLabel("City or town").fill("Annapolis");
    await page.getByLabel("ZIP code").fill("21401");
    await page.getByLabel("County").selectOption("Anne Arundel");
    await page.getByLabel("Type of property").selectOption("single-family");
    await page.getByLabel("Finished square feet").fill("2400");
    await page.getByLabel("Year built").fill("1925");
    await page.getByLabel("Foundation").selectOption("basement");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const caption = page.locator(".rdp-caption_label");
    const month = (await caption.textContent()) ?? "";
    await page.getByRole("button", { name: /next month/i }).click();
    await expect(caption).not.toHaveText(month);
    await expect(page.getByRole("status").filter({ hasText: /open times this month|No open times/ })).toBeVisible();
    events.push("calendar answered");

    // What JavaScript rendered before the sheet arrived is styled once it does.
    await openDrawer(page);
    release();
    await expect.poll(() => unstyled(page, "#mobile-menu", whole.drawer)).toEqual([]);
    expect(events).toEqual(["sheet requested", "hydrated", "menu opened", "calendar answered", "sheet answered"]);
  },
);

test(
  "with the sheet held, a link loads the next page whole, styled by its own rules",
  { tag: "@phone" },
  async ({ page, browser }) => {
    const reference = await browser.newPage({ viewport: page.viewportSize()!, isMobile: true, hasTouch: true });
    const whole = await wholeLook(reference, "/faq");
    await reference.close();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    // Answered only when the test releases it, however long the steps below take.
    await page.route(SHEET, async (route) => {
      await released;
      answered = true;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const firstDocument = await page.evaluate(() => performance.timeOrigin);

    // The footer's link: the drawer, rendered by the app, has no rules until the sheet arrives.
    await page.getByRole("contentinfo").getByRole("link", { name: "Frequently Asked Questions" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/question/i);
    // A new document: the browser loaded the page, with the critical CSS cut for it.
    expect(await page.evaluate(() => performance.timeOrigin)).not.toBe(firstDocument);
    // Once parsed and hydrated, as the reference was, its every element has its rules, the sheet still held.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect.poll(() => unstyled(page, "main", whole.main)).toEqual([]);
    expect(answered).toBe(false);
    release();
  },
);

test(
  "with the sheet failing once, the drawer and a page reached by a link are styled",
  { tag: "@phone" },
  async ({ page, browser }) => {
    const reference = await browser.newPage({ viewport: page.viewportSize()!, isMobile: true, hasTouch: true });
    const home = await wholeLook(reference, "/");
    const faq = await wholeLook(reference, "/faq");
    await reference.close();

    const answers: string[] = [];
    await page.route(SHEET, async (route) => {
      if (answers.length === 0) {
        answers.push("failed");
        await route.abort("connectionreset");
      } else {
        answers.push("sent");
        await route.continue();
      }
    });
    await openPage(page, "/");
    await openDrawer(page);
    await expect.poll(() => unstyled(page, "#mobile-menu", home.drawer)).toEqual([]);
    expect(answers[0]).toBe("failed");
    expect(answers).toContain("sent");

    const firstDocument = await page.evaluate(() => performance.timeOrigin);
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/question/i);
    // Rendered by the app in the same document, with the whole sheet it fetched again.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(firstDocument);
    await expect.poll(() => unstyled(page, "main", faq.main)).toEqual([]);
  },
);
