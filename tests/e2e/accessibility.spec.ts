import { expect, test } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { openPage } from "../support/page";
import { specRoutes } from "../../scripts/lib/routes";

const routes = [...specRoutes.map((route) => route.path), "/no-such-page"];

test.describe("axe: no WCAG 2.2 A or AA violations, nor the rules Lighthouse adds", () => {
  // The suite's first tests: a run's cold start put some at 20-23 s of the default 30 s limit.
  test.describe.configure({ timeout: 60_000 });
  for (const path of routes) {
    test(`${path}`, async ({ page }) => {
      await openPage(page, path);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });

    test(`${path} with the drawer open`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "phone", "the drawer is for small screens");
      await openPage(page, path);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }

  test("the check finds a violation when there is one", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width is enough to prove the check works");
    await openPage(page, "/");
    await page.locator("main").evaluate((main) => {
      main.insertAdjacentHTML("afterbegin", '<img src="/missing.png"><button type="button"></button>');
    });
    const violations = await axeViolations(page);
    expect(violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(["image-alt", "button-name"]));
  });
});
