import { expect, type Page, type Response } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, so clicks reach the app, not plain HTML. */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}
