/**
 * The request forms keep a draft in the tab's sessionStorage: a reload in the middle of a step
 * restores every field and the step; a successful send clears it.
 */
import { expect, test, type Page } from "@playwright/test";
import { readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";

const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();
const back = (page: Page) => page.getByRole("button", { name: "Back", exact: true }).click();
const draftOf = (page: Page, name: string) => page.evaluate((key) => sessionStorage.getItem(key), `draft:${name}`);

// Each test fills in a whole form and reloads it: longer than the default on a loaded machine.
test.describe.configure({ timeout: 120_000 });

async function reload(page: Page) {
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

test(
  "a reload in the middle of the schedule form's fourth step restores every field and the step",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    await openPage(page, "/schedule");
    await page.getByLabel(/Radon test/).check();
    await next(page);
    await page.getByLabel("Street address").fill("7 Draft Lane");
    await page.getByLabel("City or town").fill("Crofton");
    await page.getByLabel("ZIP code").fill("21114");
    await page.getByLabel("County").selectOption("Anne Arundel");
    await page.getByLabel("Type of property").selectOption("townhouse");
    await page.getByLabel("Finished square feet").fill("1800");
    await page.getByLabel("Year built").fill("1988");
    await page.getByLabel("Foundation").selectOption("slab");
    await next(page);
    const time = await chooseOpenTime(page, DAY_SLOTS.reload, testInfo.project.name);
    await next(page);
    // Halfway through the details.
    await page.getByLabel("Your name").fill("Gail Reload");
    await page.getByLabel("E-mail", { exact: true }).fill("gail@example.com");

    await reload(page);
    await expect(page.getByRole("heading", { name: /Your details/ })).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Gail Reload");
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("gail@example.com");
    await expect(page.getByLabel("Phone")).toHaveValue("");
    await back(page);
    await expect(
      page.getByRole("group", { name: /^Open times on / }).getByRole("button", { name: time, exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
    await back(page);
    await expect(page.getByLabel("Street address")).toHaveValue("7 Draft Lane");
    await expect(page.getByLabel("City or town")).toHaveValue("Crofton");
    await expect(page.getByLabel("ZIP code")).toHaveValue("21114");
    await expect(page.getByLabel("County")).toHaveValue("Anne Arundel");
    await expect(page.getByLabel("Type of property")).toHaveValue("townhouse");
    await expect(page.getByLabel("Finished square feet")).toHaveValue("1800");
    await expect(page.getByLabel("Year built")).toHaveValue("1988");
    await expect(page.getByLabel("Foundation")).toHaveValue("slab");
    await back(page);
    await expect(page.getByLabel(/Radon test/)).toBeChecked();
    await expect(page.getByLabel(/Residential home inspection/)).toBeChecked();

    // Finish and send: the draft is gone, and a reload shows an empty form.
    await next(page);
    await next(page);
    await next(page);
    await page.getByLabel("Phone").fill("410-555-0123");
    await page.getByLabel("How did you hear about us?").selectOption("search");
    await next(page);
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
    const reference = (await page.locator("strong.font-mono").textContent())!;
    const stored = (await readE2eOutbox("schedule-requests")).find((record) => record.reference === reference)!;
    expect(stored).toMatchObject({ request: { name: "Gail Reload", street: "7 Draft Lane", addOns: ["radon"] } });
    expect(stored.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await draftOf(page, "schedule")).toBeNull();
    await reload(page);
    await expect(page.getByRole("heading", { name: /What to inspect/ })).toBeVisible();
    await expect(page.getByLabel(/Radon test/)).not.toBeChecked();
  },
);

test(
  "the contact form's draft survives a reload, holds only the form's fields, and is cleared by sending",
  { tag: "@phone" },
  async ({ page }) => {
    await openPage(page, "/contact");
    await page.getByLabel("Your name").fill("Hank Draft");
    await page.getByLabel("E-mail").fill("hank@example.com");
    await page.getByLabel("What is it about?").selectOption({ label: "Lead paint inspection (XRF)" });
    await page.getByLabel("Message", { exact: true }).fill("Half a thought about a rowhouse");
    await expect.poll(() => draftOf(page, "contact")).toContain("Half a thought");
    const draft = JSON.parse((await draftOf(page, "contact"))!) as { values: Record<string, string> };
    expect(Object.keys(draft.values).sort()).toEqual(["email", "message", "name", "phone", "topic"]);

    await reload(page);
    await expect(page.getByLabel("Your name")).toHaveValue("Hank Draft");
    await expect(page.getByLabel("E-mail")).toHaveValue("hank@example.com");
    await expect(page.getByLabel("What is it about?")).toHaveValue("lead-paint");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Half a thought about a rowhouse");

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeFocused();
    expect(await draftOf(page, "contact")).toBeNull();
    await reload(page);
    await expect(page.getByLabel("Your name")).toHaveValue("");
  },
);
