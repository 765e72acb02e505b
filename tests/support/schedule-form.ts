/**
 * Filling in the schedule form as a visitor does, for the browser tests of booking.
 */
import { test, type Page } from "@playwright/test";
import { chooseOpenTime } from "./booking";
import { openPage } from "./page";

export const estimateTotal = (page: Page) => page.getByTestId("estimate-total").first();
export const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();

/**
 * This test's own visitor, the same on every run of it: the site limits the bookings one
 * mailbox, phone number or property holds at once, and the tests share one site.
 */
export function visitor() {
  let hash = 0;
  for (const char of `${test.info().titlePath.join("/")}/${test.info().project.name}`) {
    hash = (hash * 31 + char.charCodeAt(0)) % 9000;
  }
  const n = 1000 + hash;
  return { street: `${n} Duke of Gloucester Street`, email: `dana${n}@example.com`, phone: `410-555-${n}` };
}

export async function fillProperty(page: Page, squareFeet = "2400") {
  await page.getByLabel("Street address").fill(visitor().street);
  await page.getByLabel("City or town").fill("Annapolis");
  await page.getByLabel("ZIP code").fill("21401");
  await page.getByLabel("County").selectOption("Anne Arundel");
  await page.getByLabel("Type of property").selectOption("single-family");
  await page.getByLabel("Finished square feet").fill(squareFeet);
  await page.getByLabel("Year built").fill("1925");
  await page.getByLabel("Foundation").selectOption("basement");
}

export async function fillClient(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(visitor().email);
  await page.getByLabel("Phone").fill(visitor().phone);
  await page.getByLabel("How did you hear about us?").selectOption("search");
}

/**
 * Fills the form up to its review step: the property, the first open time of the `slot`-th day
 * with open times, and the visitor's details under `name`. Returns the chosen time's label.
 */
export async function fillUpToReview(page: Page, slot: number, project: string, name: string): Promise<string> {
  await openPage(page, "/schedule");
  await next(page);
  await fillProperty(page);
  await next(page);
  const label = await chooseOpenTime(page, slot, project);
  await next(page);
  await fillClient(page, name);
  await next(page);
  return label;
}

/** The start the form's saved draft holds (the time on its review step). */
export const draftStart = async (page: Page) =>
  (await page.evaluate(() => JSON.parse(sessionStorage.getItem("draft:schedule")!).values.start)) as string;
