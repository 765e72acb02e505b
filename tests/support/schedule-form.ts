/**
 * Filling in the schedule form as a visitor does, for the browser tests of booking.
 */
import { expect, test, type Page } from "@playwright/test";
import { chooseOpenTime, dateButton } from "./booking";
import { openPage } from "./page";
import { jobQuery, SHORT_JOB } from "./sample-requests";

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

/**
 * The times the /schedule page offers on `day` (YYYY-MM-DD) for the short job (SHORT_JOB), as a
 * visitor sees them: the form walked to its time step in a tab of its own (a fresh form, whose
 * months of times are read afresh) and the day opened in its calendar. Null when the calendar
 * greys the day out.
 */
export async function offeredTimes(page: Page, day: string): Promise<string[] | null> {
  const form = await page.context().newPage();
  try {
    await openPage(form, "/schedule");
    await form.getByLabel(/No inspection: tests only/).check();
    await form.getByLabel(/Radon test/).check();
    await next(form);
    await fillProperty(form, SHORT_JOB.squareFeet);
    const asked = form.waitForRequest((request) => request.url().includes("/api/availability/"));
    await next(form);
    // The form asks for the times of the very job the caller reads through the API.
    expect(new URL((await asked).url()).search).toBe(`?${jobQuery(SHORT_JOB)}`);
    const button = await dateButton(form, day);
    if (await button.isDisabled()) return null;
    await button.click();
    const times = form.getByRole("group", { name: /^Open times on / });
    await expect(times).toBeVisible();
    return (await times.getByRole("button").allTextContents()).map((text) => text.trim());
  } finally {
    await form.close();
  }
}
