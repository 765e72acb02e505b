/**
 * A script chunk known by what it holds: webpack names the chunks a page asks for after hydration by
 * numbers, so a test finds one by a sentence only it carries.
 */
import type { APIResponse, Page, Route } from "@playwright/test";

/** Routes every script; `onChunk` answers for the one holding `text`, fetched; the rest go through. */
export async function routeChunkHolding(
  page: Page,
  text: string,
  onChunk: (route: Route, response: APIResponse) => Promise<void>,
): Promise<void> {
  await page.route(/\.js$/, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(text)) await onChunk(route, response);
    else await route.fulfill({ response });
  });
}
