/**
 * What a page leaves behind for tracking: the cookies it set (by a header or a script) and every
 * request it made to another origin, from its first moment until it has loaded whatever it loads
 * on the way down. The privacy notice says the site sets no cookie and asks nothing of anyone
 * else (/privacy).
 */
import type { Page } from "@playwright/test";
import { openPage } from "./page";

export interface Traces {
  cookies: string[];
  documentCookie: string;
  foreign: string[];
}

/** Opens `route`, runs `before`, scrolls to the end and waits for the network to rest; then reads the traces. */
export async function visitToTheEnd(
  page: Page,
  baseURL: string,
  route: string,
  before?: (page: Page) => Promise<void>,
): Promise<Traces> {
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // data: and blob: URLs are the page's own bytes, not a request to anyone.
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  await openPage(page, route);
  await before?.(page);
  // Whatever loads on the way down (the footer's render-when-near, images) loads too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  return {
    cookies: (await page.context().cookies()).map((cookie) => cookie.name),
    documentCookie: await page.evaluate(() => document.cookie),
    foreign,
  };
}
