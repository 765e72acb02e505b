/** The drawer by keyboard alone. (Every page's Tab order and focus are checked in pages.spec.ts.) */
import { expect, test } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { markReachable, tabThrough } from "../support/keyboard";
import { openPage } from "../support/page";

test("the drawer opens from the keyboard and every link in it shows its focus", { tag: "@phone" }, async ({ page }) => {
  // Phones only: the drawer is for small screens.
  await openPage(page, "/");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  // The whole page with the drawer open: the drawer, and the page hidden behind it.
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  const reachable = await markReachable(page, "[role=dialog]");
  const stops = await tabThrough(page, reachable.length + 5);
  expect(stops.filter((stop) => stop.problem).map((stop) => `${stop.description}: ${stop.problem}`)).toEqual([]);
  expect(reachable.filter((key) => !stops.some((stop) => stop.key === key))).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});
