/**
 * The area pages as a visitor meets them: a county's page, its travel fee from pricing.yaml, and
 * "Schedule in <county>", which opens the schedule form with the county and its fee already chosen.
 */
import { expect, test } from "@playwright/test";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";
import { readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";
import { estimateTotal, fillClient, next, visitor } from "../support/schedule-form";
import { readContentFile } from "../../src/build-time/content-files";

// Read here from the content file itself: Frederick's travel fee, and the home inspection's smallest band.
const pricing = readContentFile("pricing.yaml");
const frederickFee = pricing.travelZones.find((zone) => zone.counties.includes("Frederick"))!.fee;
const homeFrom = Math.min(
  ...pricing.mainInspections.find((job) => job.id === "residential")!.sizeBands.map((band) => band.price),
);

test(
  "a visitor on a phone starts at an area page and books with its county already chosen",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    await openPage(page, "/areas/frederick");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home inspections in Frederick County");
    const travel = page.getByRole("definition").filter({ hasText: `$${frederickFee} a visit` });
    await expect(travel).toBeVisible();

    await page.getByRole("link", { name: "Schedule in Frederick County" }).click();
    await expect(page).toHaveURL(/\/schedule\?county=Frederick$/);
    await expect(page.getByRole("heading", { name: /What to inspect/ })).toBeVisible();
    // The county is chosen before the visitor reaches it: the estimate already carries its travel fee.
    await expect(estimateTotal(page)).toHaveText(`$${homeFrom + frederickFee}`);
    await next(page);
    await expect(page.getByLabel("County")).toHaveValue("Frederick");
    const estimate = page.getByRole("region", { name: "Your estimate" });
    await expect(estimate.getByRole("row", { name: /Travel: Frederick/ })).toContainText(`$${frederickFee}`);

    await page.getByLabel("Street address").fill(visitor().street);
    await page.getByLabel("City or town").fill("Frederick");
    await page.getByLabel("ZIP code").fill("21701");
    await page.getByLabel("Type of property").selectOption("single-family");
    // In the smallest size band, built after every age bracket, on a basement: the band's price alone.
    await page.getByLabel("Finished square feet").fill("1400");
    await page.getByLabel("Year built").fill("1995");
    await page.getByLabel("Foundation").selectOption("basement");
    await next(page);
    await chooseOpenTime(page, DAY_SLOTS.areaPage, testInfo.project.name);
    await next(page);
    await fillClient(page, "Avery Area");
    await next(page);
    await expect(page.getByText(`${visitor().street}, Frederick, MD 21701`)).toBeVisible();
    await page.getByRole("button", { name: "Book this time" }).click();

    await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
    const reference = /Your reference is (\S+)\./.exec(
      (await page
        .getByRole("paragraph")
        .filter({ hasText: /^Your reference is / })
        .textContent())!,
    )?.[1];
    expect((await readE2eOutbox("schedule-requests")).find((line) => line.reference === reference)).toMatchObject({
      request: { county: "Frederick", zip: "21701" },
      quote: { total: homeFrom + frederickFee },
    });
  },
);

test("a ZIP code in the link chooses its county where it lies in one alone", { tag: "@phone" }, async ({ page }) => {
  await openPage(page, "/schedule?zip=20850");
  await next(page);
  await expect(page.getByLabel("County")).toHaveValue("Montgomery");
  await expect(page.getByLabel("ZIP code")).toHaveValue("20850");
});

test("a county or ZIP code the site does not know is ignored, with no error", { tag: "@phone" }, async ({ page }) => {
  await openPage(page, "/schedule?county=Atlantis&zip=99999");
  await expect(estimateTotal(page)).toHaveText(`$${homeFrom}`);
  await next(page);
  await expect(page.getByLabel("County")).toHaveValue("");
  await expect(page.getByLabel("ZIP code")).toHaveValue("");
  await expect(page.getByLabel("County")).not.toHaveAttribute("aria-invalid", "true");
});
