import { expect, test, type Page } from "@playwright/test";
import { brokenSite, readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";
import { daysFromToday } from "../../scripts/lib/sample-requests";

const estimateTotal = (page: Page) => page.getByTestId("estimate-total").first();
const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();

async function fillProperty(page: Page) {
  await page.getByLabel("Street address").fill("48 Duke of Gloucester Street");
  await page.getByLabel("City or town").fill("Annapolis");
  await page.getByLabel("ZIP code").fill("21401");
  await page.getByLabel("County").selectOption("Anne Arundel");
  await page.getByLabel("Type of property").selectOption("single-family");
  await page.getByLabel("Finished square feet").fill("2400");
  await page.getByLabel("Year built").fill("1925");
  await page.getByLabel("Foundation").selectOption("basement");
}

async function fillDates(page: Page) {
  const first = page.getByRole("group", { name: "First choice" });
  await first.getByLabel("Date").fill(daysFromToday(10));
  await first.getByLabel("Time window").selectOption("morning");
  const second = page.getByRole("group", { name: "Second choice" });
  await second.getByLabel("Date").fill(daysFromToday(11));
  await second.getByLabel("Time window").selectOption("afternoon");
}

async function fillClient(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill("dana@example.com");
  await page.getByLabel("Phone").fill("410-555-0199");
  await page.getByLabel("How did you hear about us?").selectOption("search");
}

test("a visitor fills in every step, watches the estimate change and sends the request", async ({ page }) => {
  await openPage(page, "/schedule");
  await expect(page.getByRole("heading", { name: /What to inspect/ })).toBeVisible();

  // Step 1: the default inspection is priced at its smallest band; an add-on adds its price.
  await expect(estimateTotal(page)).toHaveText("$400");
  await page.getByLabel(/Radon test/).check();
  await expect(estimateTotal(page)).toHaveText("$575");
  await next(page);

  // Step 2: size, age and county change the estimate, line by line.
  await expect(page.getByRole("heading", { name: /The property/ })).toBeFocused();
  await fillProperty(page);
  const estimate = page.getByRole("region", { name: "Your estimate" });
  await expect(estimate.getByRole("row", { name: /up to 2,500 sq ft/ })).toContainText("$450");
  await expect(estimate.getByRole("row", { name: /Built before 1940 \(\+15%\)/ })).toContainText("$68");
  await expect(estimate.getByRole("row", { name: /Travel: Anne Arundel/ })).toContainText("$0");
  await expect(estimateTotal(page)).toHaveText("$693");
  await next(page);

  await fillDates(page);
  await next(page);
  await fillClient(page, "Dana Buyer");
  await next(page);

  // Review, then send.
  await expect(page.getByRole("heading", { name: /Review and send/ })).toBeVisible();
  await expect(page.getByText("48 Duke of Gloucester Street, Annapolis, MD 21401")).toBeVisible();
  await page.getByRole("button", { name: "Send request" }).click();

  await expect(page.getByRole("heading", { name: "Request sent" })).toBeFocused();
  // The visitor reads "Your reference is SR-20261123-ABC123." under the heading (the notification
  // repeats it).
  const sentence = page.getByRole("paragraph").filter({ hasText: /^Your reference is / });
  await expect(sentence).toBeVisible();
  const reference = /Your reference is (\S+)\./.exec((await sentence.textContent())!)?.[1];
  expect(reference).toMatch(/^SR-\d{8}-[0-9A-Z]{6}$/);
  await expect(page.getByText(/within one business day/)).toBeVisible();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Request sent")).toBeVisible();

  const stored = readE2eOutbox("schedule-requests").find((line) => line.reference === reference);
  expect(stored).toMatchObject({
    request: { name: "Dana Buyer", addOns: ["radon"], county: "Anne Arundel" },
    quote: { total: 693 },
  });
});

test("a step with problems shows each next to its field and focuses the first", async ({ page }) => {
  await openPage(page, "/schedule");
  await next(page);
  await next(page);
  const street = page.getByLabel("Street address");
  await expect(street).toBeFocused();
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expect(street).toHaveAccessibleDescription("Enter the street address");
  await expect(page.getByLabel("ZIP code")).toHaveAccessibleDescription("Enter the ZIP code");
  await page.getByLabel("ZIP code").fill("90210");
  await page.getByLabel("ZIP code").blur();
  await expect(page.getByText("Enter a Maryland ZIP code: five digits from 20601 to 21930")).toBeVisible();
  await expect(page.getByRole("heading", { name: /The property/ })).toBeVisible();
});

test("moving back and forth keeps every answer", async ({ page }) => {
  await openPage(page, "/schedule");
  await page.getByLabel(/Sewer line camera scope/).check();
  await next(page);
  await fillProperty(page);
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByLabel(/Sewer line camera scope/)).toBeChecked();
  await next(page);
  await expect(page.getByLabel("Street address")).toHaveValue("48 Duke of Gloucester Street");
  await expect(page.getByLabel("Year built")).toHaveValue("1925");
});

test("a link from a service or package page opens the form with that choice made", async ({ page }) => {
  await openPage(page, "/schedule?service=radon");
  await expect(page.getByLabel(/Radon test/)).toBeChecked();
  await expect(page.getByLabel("No inspection: tests only")).toBeChecked();
  await openPage(page, "/schedule?package=lender-fha-va");
  await expect(page.getByLabel(/Lender FHA \/ VA/)).toBeChecked();
  await openPage(page, "/services/radon");
  await page.getByRole("link", { name: "Schedule this service" }).click();
  await expect(page).toHaveURL(/\/schedule\?service=radon$/);
  await expect(page.getByLabel(/Radon test/)).toBeChecked();
});

test("when the server cannot store the request, the visitor is told and keeps everything typed", async ({ page }) => {
  await openPage(page, `${brokenSite}/schedule`);
  await next(page);
  await fillProperty(page);
  await next(page);
  await fillDates(page);
  await next(page);
  await fillClient(page, "Erin Retry");
  await next(page);
  await page.getByRole("button", { name: "Send request" }).click();

  const notification = page.getByRole("region", { name: /Notifications/ });
  await expect(notification.getByText("Your request was not sent")).toBeVisible();
  await expect(
    notification.getByText(/^503: We could not save your request just now\. Nothing was sent\./),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request sent" })).toHaveCount(0);

  // Everything is still there: on the review step and on each step behind it.
  await expect(page.getByText("Erin Retry")).toBeVisible();
  await page.getByRole("button", { name: /Change your details/ }).click();
  await expect(page.getByLabel("Your name")).toHaveValue("Erin Retry");
  await expect(page.getByLabel("Phone")).toHaveValue("410-555-0199");
});
