import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { axeViolations, describeViolations } from "../support/axe";
import { chooseOpenTime, DAY_SLOTS, openDay } from "../support/booking";
import { readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";
import { routeChunkHolding } from "../support/scripts";
import { estimateTotal, fillClient, fillProperty, next, visitor } from "../support/schedule-form";

test("a visitor fills in every step, watches the estimate change, books an open time and gets the invite", async ({
  page,
}, testInfo) => {
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

  // Step 3: only days with open times can be chosen, then that day's times; the policy is stated first.
  await expect(page.getByRole("heading", { name: /Choose a time/ })).toBeFocused();
  await expect(page.locator("form").getByRole("link", { name: "cancellation policy" })).toHaveAttribute(
    "href",
    "/cancellation-policy",
  );
  const time = await chooseOpenTime(page, DAY_SLOTS.fillsEverything, testInfo.project.name);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await next(page);
  await fillClient(page, "Dana Buyer");
  await next(page);

  // Review, then book.
  await expect(page.getByRole("heading", { name: /Review and send/ })).toBeVisible();
  await expect(page.getByText(`${visitor().street}, Annapolis, MD 21401`)).toBeVisible();
  await expect(page.getByText(new RegExp(`${time.replace(/[.:]/g, "\\$&")} \\(Maryland time\\)`))).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/schedule"));
  await page.getByRole("button", { name: "Book this time" }).click();
  const { confirmationQueued } = (await (await answer).json()) as { confirmationQueued: boolean };

  await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
  // The visitor reads "Your reference is SR-20261123-ABC123." under the heading (the notification
  // repeats it).
  const sentence = page.getByRole("paragraph").filter({ hasText: /^Your reference is / });
  await expect(sentence).toBeVisible();
  const reference = /Your reference is (\S+)\./.exec((await sentence.textContent())!)?.[1];
  expect(reference).toMatch(/^SR-\d{8}-[0-9A-Z]{6}$/);
  // It says what was booked, from when until when, where, and which e-mails are on their way; no
  // notification repeats it over the text.
  await expect(page.getByText("Residential home inspection, up to 2,500 sq ft; Radon test")).toBeVisible();
  await expect(
    page.getByRole("definition").filter({
      hasText: new RegExp(`${time.replace(/[.:]/g, "\\$&")} to \\d{1,2}(:\\d{2})? (am|pm) \\(Maryland time\\)$`),
    }),
  ).toBeVisible();
  await expect(page.getByText(`${visitor().street}, Annapolis, MD 21401`)).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({
      hasText: confirmationQueued
        ? new RegExp(
            `^A confirmation e-mail is on its way to ${visitor().email.replace(".", "\\.")}, with the invitation`,
          )
        : /^No confirmation e-mail is sent: please keep your reference\./,
    }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: /Notifications/ }).locator("li")).toHaveCount(0);

  const stored = (await readE2eOutbox("schedule-requests")).find((line) => line.reference === reference);
  expect(stored).toMatchObject({
    request: { name: "Dana Buyer", addOns: ["radon"], county: "Anne Arundel" },
    quote: { total: 693 },
  });
  const start = (stored!.request as { start: string }).start;

  // "Add to calendar" saves the invite: the booked time in Maryland's zone, under the reference.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  const invite = readFileSync(await (await download).path(), "utf8");
  expect(invite).toContain(`UID:${reference}`);
  expect(invite).toContain(`DTSTART;TZID=America/New_York:${start.slice(0, 19).replace(/[-:]/g, "")}`);
});

test("the size typed with a comma is priced the same before and after booking", async ({ page }, testInfo) => {
  await openPage(page, "/schedule");
  await next(page);
  await fillProperty(page, "2,100");
  const estimate = page.getByRole("region", { name: "Your estimate" });
  // 2,100 sq ft is in the 2,500 band: $450, and 15% for a house built before 1940.
  await expect(estimate.getByRole("row", { name: /up to 2,500 sq ft/ })).toContainText("$450");
  await expect(estimateTotal(page)).toHaveText("$518");
  await expect(estimate.getByText(/finished square feet/)).toHaveCount(0);
  await next(page);
  await chooseOpenTime(page, DAY_SLOTS.typedWithComma, testInfo.project.name);
  await next(page);
  await fillClient(page, "Cory Comma");
  await next(page);
  await expect(estimateTotal(page)).toHaveText("$518");
  await page.getByRole("button", { name: "Book this time" }).click();

  await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
  await expect(estimateTotal(page)).toHaveText("$518");
  const reference = /Your reference is (\S+)\./.exec(
    (await page
      .getByRole("paragraph")
      .filter({ hasText: /^Your reference is / })
      .textContent())!,
  )?.[1];
  expect((await readE2eOutbox("schedule-requests")).find((line) => line.reference === reference)).toMatchObject({
    request: { squareFeet: 2100 },
    quote: { total: 518 },
  });
});

test("the whole booking by keyboard alone", async ({ page }, testInfo) => {
  await openPage(page, "/schedule?service=radon");
  const press = (key: string) => page.keyboard.press(key);
  // Step 1 is chosen by the link; Enter on the form moves on.
  await page.getByRole("button", { name: "Next", exact: true }).focus();
  await press("Enter");
  const fields: Array<[string, string]> = [
    ["Street address", "9 Keyboard Court"],
    ["City or town", "Annapolis"],
    ["ZIP code", "21401"],
    ["Finished square feet", "1800"],
    ["Year built", "1990"],
  ];
  for (const [label, text] of fields) {
    await page.getByLabel(label).focus();
    await page.keyboard.type(text);
  }
  for (const [label, option] of [
    ["County", "Anne Arundel"],
    ["Type of property", "Townhouse or rowhouse"],
    ["Foundation", "Slab on grade"],
  ] as const) {
    await page.getByLabel(label).focus();
    await page.keyboard.type(option.slice(0, 6));
  }
  await expect(page.getByLabel("County")).toHaveValue("Anne Arundel");
  await page.getByRole("button", { name: "Next", exact: true }).focus();
  await press("Enter");
  await expect(page.getByRole("heading", { name: /Choose a time/ })).toBeFocused();

  // The calendar: its month buttons and its days answer Enter.
  const day = await openDay(page, DAY_SLOTS.keyboard, testInfo.project.name, true);
  await day.focus();
  await press("Enter");
  const times = page.getByRole("group", { name: /^Open times on / });
  await times.getByRole("button").first().focus();
  await press("Enter");
  await expect(times.getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Next", exact: true }).focus();
  await press("Enter");

  await page.getByLabel("Your name").focus();
  await page.keyboard.type("Kim Keys");
  await press("Tab");
  await page.keyboard.type("kim@example.com");
  await press("Tab");
  await page.keyboard.type("410-555-0166");
  await page.getByLabel("How did you hear about us?").focus();
  await page.keyboard.type("Web");
  await page.getByRole("button", { name: "Next", exact: true }).focus();
  await press("Enter");
  await page.getByRole("button", { name: "Book this time" }).focus();
  await press("Enter");
  await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
});

test("a step with problems shows each next to its field and focuses the first", { tag: "@phone" }, async ({ page }) => {
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

/** The steps after the first, asked for once the form has hydrated (schedule-form.tsx), known by a label of theirs. */
const LATER_STEPS_TEXT = "Finished square feet";

test(
  "the steps after the first come once the form has hydrated; lost on the way, Next says so, keeps the answers, and works once they come",
  { tag: "@phone" },
  async ({ page }) => {
    let fail = true;
    const asked: boolean[] = [];
    await routeChunkHolding(page, LATER_STEPS_TEXT, async (route, response) => {
      asked.push(
        await page.evaluate(() =>
          Object.keys(document.getElementById("schedule-form")!).some((key) => key.startsWith("__reactFiber")),
        ),
      );
      if (fail) await route.abort("connectionreset");
      else await route.fulfill({ response });
    });
    await openPage(page, "/schedule");
    // Asked for by the hydrated form, not with the page.
    await expect.poll(() => asked).toEqual([true]);
    await page.getByLabel(/Radon test/).check();
    await next(page);
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("The next step did not open"),
    ).toBeVisible();
    expect(asked).toEqual([true, true]);
    await expect(page.getByRole("heading", { name: /What to inspect/ })).toBeVisible();
    await expect(page.getByLabel(/Radon test/)).toBeChecked();

    fail = false;
    await next(page);
    await expect(page.getByRole("heading", { name: /The property/ })).toBeVisible();
    await expect(page.getByLabel("Finished square feet")).toBeVisible();
    expect(asked).toEqual([true, true, true]);
  },
);

test(
  "the calendar's code comes when the time step opens, not with the steps that come after hydration",
  { tag: "@phone" },
  async ({ page }) => {
    let laterStepsAsked = 0;
    let calendarAsked = 0;
    await page.route(/\.js$/, async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      if (text.includes(LATER_STEPS_TEXT)) laterStepsAsked += 1;
      if (text.includes("No open times left on this day.")) calendarAsked += 1;
      await route.fulfill({ response });
    });
    await openPage(page, "/schedule");
    await expect.poll(() => laterStepsAsked).toBe(1);
    await next(page);
    await fillProperty(page);
    expect(calendarAsked).toBe(0);
    await next(page);
    await expect(page.getByRole("heading", { name: /Choose a time/ })).toBeVisible();
    await expect.poll(() => calendarAsked).toBe(1);
  },
);

test("moving back and forth keeps every answer", { tag: "@phone" }, async ({ page }) => {
  await openPage(page, "/schedule");
  await page.getByLabel(/Sewer line camera scope/).check();
  await next(page);
  await fillProperty(page);
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByLabel(/Sewer line camera scope/)).toBeChecked();
  await next(page);
  await expect(page.getByLabel("Street address")).toHaveValue(visitor().street);
  await expect(page.getByLabel("Year built")).toHaveValue("1925");
});

test(
  "a link from a service or package page opens the form with that choice made",
  { tag: "@phone" },
  async ({ page }) => {
    await openPage(page, "/schedule?service=radon");
    await expect(page.getByLabel(/Radon test/)).toBeChecked();
    await expect(page.getByLabel("No inspection: tests only")).toBeChecked();
    await openPage(page, "/schedule?package=lender-fha-va");
    await expect(page.getByLabel(/Lender FHA \/ VA/)).toBeChecked();
    await openPage(page, "/services/radon");
    await page.getByRole("link", { name: "Schedule this service" }).click();
    await expect(page).toHaveURL(/\/schedule\?service=radon$/);
    await expect(page.getByLabel(/Radon test/)).toBeChecked();
  },
);
