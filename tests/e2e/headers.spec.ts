/** Moving around the site keeps inside the Content-Security-Policy. (Each page's own headers are checked in pages.spec.ts.) */
import { expect, test } from "@playwright/test";
import { openPage } from "../support/page";
import { watchForProblems } from "../support/problems";

test("moving around the site in the browser stays inside the policy", async ({ page }, testInfo) => {
  const problems = await watchForProblems(page);
  await openPage(page, "/");
  if (testInfo.project.name === "phone") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Services" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  }
  // The home page links to water testing too: a click there before this navigation ends would be
  // overtaken by it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Inspection and testing services/);
  await page.getByRole("link", { name: "Water Quality Testing" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Water Quality Testing");
  const tip = page.getByRole("button", { name: /^What is/ }).first();
  // In view before focus, and the tooltip code awaited: see content.spec.ts's keyboard tooltip test.
  await tip.scrollIntoViewIfNeeded();
  await tip.focus();
  await expect(page.locator("[data-tip-id][data-state]").first()).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole("tooltip")).toBeVisible();
  await page.goto("/schedule");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});
