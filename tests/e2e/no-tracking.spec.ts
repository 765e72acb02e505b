/**
 * No tracking, on every page the build made: opened and scrolled to the end, a page sets no
 * cookie (neither a header nor a script) and asks nothing of another origin. The privacy notice
 * says so (/privacy), and this keeps it true.
 */
import { expect, test, type Page } from "@playwright/test";
import { builtRoutes } from "../support/built-site";
import { openPage } from "../support/page";

/** Every request the page makes to an origin other than the site's own, from its first moment. */
function watchOrigins(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // data: and blob: URLs are the page's own bytes, not a request to anyone.
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

/** Opens a route as a visitor would and reads what it left behind: cookies and requests elsewhere. */
async function visit(page: Page, baseURL: string, route: string, before?: (page: Page) => Promise<void>) {
  const foreign = watchOrigins(page, new URL(baseURL).origin);
  await openPage(page, route);
  await before?.(page);
  // Whatever loads on the way down (the footer's render-when-near, images) loads too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  return {
    cookies: await page.context().cookies(),
    documentCookie: await page.evaluate(() => document.cookie),
    foreign,
  };
}

const routes = [...builtRoutes().map((page) => page.route), "/no-such-page"];

for (const route of routes) {
  test(`${route} sets no cookie and asks nothing of another origin`, async ({ page, baseURL }) => {
    const seen = await visit(page, baseURL!, route);
    expect(seen.cookies).toEqual([]);
    expect(seen.documentCookie).toBe("");
    expect(seen.foreign).toEqual([]);
  });
}

test(
  "the check sees a cookie and a request to another origin when a page makes them",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    const seen = await visit(page, baseURL!, "/about", async (opened) => {
      await opened.evaluate(() => {
        document.cookie = "tracker=1; path=/";
        const image = new Image();
        image.src = "http://tracker.invalid/pixel.gif";
      });
    });
    expect(seen.cookies.map((cookie) => cookie.name)).toEqual(["tracker"]);
    expect(seen.documentCookie).toBe("tracker=1");
    expect(seen.foreign).toEqual(["http://tracker.invalid/pixel.gif"]);
  },
);
