/**
 * The privacy notice and a person's data, as a visitor uses them: the notice states what the site
 * keeps; a message is sent; the form at /privacy sends a link, which the kept e-mail carries; the
 * link's page shows the message, downloads it as JSON and, after asking, deletes it. Screenshots
 * of each page go to SHOTS_DIR (default reports/tmp/shots-privacy) at the project's width.
 */
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { axeViolations, describeViolations } from "../support/axe";
import { linkInDataMail, shotsDir } from "../support/e2e-env";
import { openPage } from "../support/page";

const shots = process.env.SHOTS_DIR ?? shotsDir("shots-privacy");
/** The whole page, and what the screen shows (the part a reader of the shots can read at its size). */
async function shoot(page: Page, name: string) {
  const file = (part: string) => path.join(shots, `${name}${part}-${test.info().project.name}.png`);
  await page.screenshot({ path: file("-screen") });
  await page.screenshot({ path: file(""), fullPage: true });
}

async function noViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test("a visitor reads the notice, gets the link to their data, downloads it and deletes it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `privacy.${testInfo.project.name}.${Date.now()}@example.com`;
  const sent = await page.request.post("/api/contact", {
    data: {
      name: "Pat Private",
      email,
      phone: "",
      topic: "radon",
      message: "Please test my basement for radon.",
      website: "",
    },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(sent.status()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  await openPage(page, "/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What we keep, and for how long");
  await expect(page.getByText("This site sets no cookies")).toBeVisible();
  await noViolations(page);
  await shoot(page, "privacy");

  await page.getByRole("heading", { name: "See or delete your data" }).scrollIntoViewIfNeeded();
  await shoot(page, "privacy-form");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeFocused();
  await expect(page.getByText(/a link to what we keep about it is on its way there/)).toBeVisible();
  await shoot(page, "privacy-sent");

  await openPage(page, await linkInDataMail(email));
  await expect(page.getByText(`What we keep about ${email}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByText("Please test my basement for radon.")).toBeVisible();
  await noViolations(page);
  await shoot(page, "privacy-data");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const file = await (await download).path();
  const data = JSON.parse(readFileSync(file, "utf8")) as { mailbox: string; items: Array<{ reference: string }> };
  expect(data.mailbox).toBe(email);
  expect(data.items.map((item) => item.reference)).toContain(reference);

  await page.getByRole("button", { name: "Delete my data" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your data?" });
  await expect(dialog).toBeVisible();
  await shoot(page, "privacy-delete-asked");
  await dialog.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByRole("heading", { name: "Your data is deleted" })).toBeFocused();
  await expect(page.getByText(/We deleted 1 record/)).toBeVisible();
  await shoot(page, "privacy-deleted");

  await page.reload();
  await expect(
    page.getByText(new RegExp(`What we keep about ${email.replaceAll(".", "\\.")}: \\d+ records?`)),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: new RegExp(reference) })).toHaveCount(0);
});
