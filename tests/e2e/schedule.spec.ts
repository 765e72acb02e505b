import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { axeViolations, describeViolations } from "../support/axe";
import { chooseOpenTime, DAY_SLOTS, openDay } from "../support/booking";
import { brokenSite, linkInConfirmation, readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";

const estimateTotal = (page: Page) => page.getByTestId("estimate-total").first();
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();

/**
 * This test's own visitor, the same on every run of it: the site limits the bookings one
 * mailbox, phone number or property holds at once, and the tests share one site.
 */
function visitor() {
  let hash = 0;
  for (const char of `${test.info().titlePath.join("/")}/${test.info().project.name}`) {
    hash = (hash * 31 + char.charCodeAt(0)) % 9000;
  }
  const n = 1000 + hash;
  return { street: `${n} Duke of Gloucester Street`, email: `dana${n}@example.com`, phone: `410-555-${n}` };
}

async function fillProperty(page: Page, squareFeet = "2400") {
  await page.getByLabel("Street address").fill(visitor().street);
  await page.getByLabel("City or town").fill("Annapolis");
  await page.getByLabel("ZIP code").fill("21401");
  await page.getByLabel("County").selectOption("Anne Arundel");
  await page.getByLabel("Type of property").selectOption("single-family");
  await page.getByLabel("Finished square feet").fill(squareFeet);
  await page.getByLabel("Year built").fill("1925");
  await page.getByLabel("Foundation").selectOption("basement");
}

async function fillClient(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(visitor().email);
  await page.getByLabel("Phone").fill(visitor().phone);
  await page.getByLabel("How did you hear about us?").selectOption("search");
}

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

  await expect(page.getByRole("heading", { name: "Inspection booked" })).toBeFocused();
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

  await expect(page.getByRole("heading", { name: "Inspection booked" })).toBeFocused();
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

test("a time taken meanwhile is refused with a clear message, and the fresh times no longer offer it", async ({
  page,
  request,
}, testInfo) => {
  await openPage(page, "/schedule");
  await next(page);
  await fillProperty(page);
  await next(page);
  await chooseOpenTime(page, DAY_SLOTS.takenMeanwhile, testInfo.project.name);
  const chosen = page.getByRole("group", { name: /^Open times on / }).getByRole("button", { pressed: true });
  const label = (await chosen.textContent())!.trim();
  await next(page);
  await fillClient(page, "Erin Late");
  await next(page);
  // Two other visitors book the same time (one per inspector) while this one reads the review.
  const start = (await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("draft:schedule")!).values.start,
  )) as string;
  const job = {
    mainInspection: "residential",
    addOns: ["radon"],
    waterPackages: [],
    squareFeet: "2400",
    county: "Anne Arundel",
    zip: "21401",
  };
  for (const other of [1, 2]) {
    // Visitors of their own: another mailbox, phone number and house.
    const n = ((Number(visitor().phone.slice(-4)) + other * 10) % 9000) + 1000;
    const who = { email: `other${n}@example.com`, phone: `(410) 555-${n}`, street: `${n} Main Street` };
    const answer = await request.post("/api/schedule", { data: bookingRequest(start, { ...job, ...who }) });
    expect(answer.status()).toBe(201);
  }
  await page.getByRole("button", { name: "Book this time" }).click();

  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Please choose another time"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /Choose a time/ })).toBeVisible();
  // The server's words, without the status code the call layer keeps.
  await expect(page.getByText(/^Someone has just booked this time/).first()).toBeVisible();
  await expect(page.getByText(/\b409\b/)).toHaveCount(0);
  // The times are read afresh: that one is gone from its day.
  await expect(page.getByRole("group", { name: /^Open times on / })).toBeVisible();
  await expect(
    page.getByRole("group", { name: /^Open times on / }).getByRole("button", { name: label, exact: true }),
  ).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Inspection booked" })).toHaveCount(0);
});

test("a second booking of one address at an overlapping time asks first, and books only when told to", async ({
  page,
  request,
}, testInfo) => {
  await openPage(page, "/schedule");
  await next(page);
  await fillProperty(page);
  await next(page);
  await chooseOpenTime(page, DAY_SLOTS.sameAddress, testInfo.project.name);
  await next(page);
  await fillClient(page, "Gale Twice");
  await next(page);
  // The buyer's agent books the same house at the same time, from another mailbox and phone.
  const start = (await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("draft:schedule")!).values.start,
  )) as string;
  const n = ((Number(visitor().phone.slice(-4)) + 7) % 9000) + 1000;
  const agentBooking = bookingRequest(start, {
    mainInspection: "residential",
    addOns: ["radon"],
    waterPackages: [],
    squareFeet: "2400",
    county: "Anne Arundel",
    zip: "21401",
    street: visitor().street,
    email: `agent${n}@example.com`,
    phone: `(410) 555-${n}`,
  });
  expect((await request.post("/api/schedule", { data: agentBooking })).status()).toBe(201);

  const book = page.getByRole("button", { name: "Book this time" });
  await book.click();
  const question = page.getByRole("dialog", { name: "Book this address a second time?" });
  await expect(question).toContainText("This address already has an inspection booked at an overlapping time");
  await question.getByRole("button", { name: "Go back" }).click();
  await expect(question).toHaveCount(0);
  await expect(book).toBeFocused();
  await expect(page.getByRole("heading", { name: "Inspection booked" })).toHaveCount(0);
  const booked = async () =>
    (await readE2eOutbox("schedule-requests")).filter((line) => {
      const sent = line.request as { street?: string; start?: string };
      return sent.street === visitor().street && sent.start === start;
    });
  expect(await booked()).toHaveLength(1);

  await book.click();
  await question.getByRole("button", { name: "Book it as well" }).click();
  await expect(page.getByRole("heading", { name: "Inspection booked" })).toBeFocused();
  expect(await booked()).toHaveLength(2);
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
  await expect(page.getByRole("heading", { name: "Inspection booked" })).toBeFocused();
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

test(
  "when the server cannot store the request, the visitor is told and keeps everything typed",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    // The page and its open times come from the working site; the booking goes to the copy whose
    // database cannot be opened, and the page gets that server's real answer.
    await page.route("**/api/schedule", async (route) => {
      const answer = await route.fetch({ url: `${brokenSite}/api/schedule` });
      await route.fulfill({ response: answer });
    });
    await openPage(page, "/schedule");
    await next(page);
    await fillProperty(page);
    await next(page);
    await chooseOpenTime(page, DAY_SLOTS.fillsEverything, testInfo.project.name);
    await next(page);
    await fillClient(page, "Erin Retry");
    await next(page);
    await page.getByRole("button", { name: "Book this time" }).click();

    const notification = page.getByRole("region", { name: /Notifications/ });
    await expect(notification.getByText("Your request was not sent")).toBeVisible();
    await expect(notification.getByText(/^We could not save your request just now\. Nothing was sent\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Inspection booked" })).toHaveCount(0);

    // Everything is still there: on the review step and on each step behind it.
    await expect(page.getByText("Erin Retry")).toBeVisible();
    await page.getByRole("button", { name: /Change your details/ }).click();
    await expect(page.getByLabel("Your name")).toHaveValue("Erin Retry");
    await expect(page.getByLabel("Phone")).toHaveValue(visitor().phone);
  },
);

test("the kept e-mail is read at /_mail, and its link opens the booking on this machine", async ({ page, request }) => {
  const start = (
    (await (await request.get(`/api/availability/${nextMonth()}?${jobQuery(SHORT_JOB)}`)).json()) as {
      starts: string[];
    }
  ).starts.at(-20)!;
  const who = { ...visitor(), phone: `(410) 555-${visitor().phone.slice(-4)}` };
  const booked = await request.post("/api/schedule", { data: bookingRequest(start, { ...SHORT_JOB, ...who }) });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };

  await page.goto("/_mail");
  await expect(page.getByRole("heading", { level: 1, name: "Kept e-mail" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: `to ${who.email}` });
  await item.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByRole("link", { name: "invite.ics" })).toBeVisible();
  // The e-mail points at the live site; here its link opens the same page of this machine's server.
  const link = page.getByRole("link", { name: /\/booking\?token=/ });
  await expect(link).toHaveAttribute("href", new RegExp(`^${test.info().project.use.baseURL}/booking\\?token=`));
  await link.click();
  await expect(page.getByRole("button", { name: "Keep this time" })).toBeVisible();

  expect((await request.get("/_mail/100000")).status()).toBe(404);
});

const nextMonth = () => {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
};

/**
 * Books the `slot`-th open start from the end of the next two months as the form would, then
 * follows the link its kept confirmation e-mail carries, as the visitor would: the page first
 * asks to keep the time, says it is kept, and then opens the booking to change it. Returns the start.
 */
async function bookAndKeep(page: Page, request: APIRequestContext, slot: number): Promise<string> {
  const month = async (at: string) =>
    ((await (await request.get(`/api/availability/${at}?${jobQuery(SHORT_JOB)}`)).json()) as { starts: string[] })
      .starts;
  const start = [...(await month(new Date().toISOString().slice(0, 7))), ...(await month(nextMonth()))].at(-1 - slot)!;
  const booked = await request.post("/api/schedule", {
    data: bookingRequest(start, { ...SHORT_JOB, ...visitor(), phone: `(410) 555-${visitor().phone.slice(-4)}` }),
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };
  const link = await linkInConfirmation(reference);
  await openPage(page, link);
  await page.getByRole("button", { name: "Keep this time" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Booking confirmed" })).toBeVisible();
  await openPage(page, link);
  return start;
}

test(
  "the link in a booking's confirmation opens the booking, which can be cancelled there",
  { tag: "@desktop" },
  async ({ page, request }) => {
    // Desktops only: one booking is enough; the page's layout is checked with axe here.
    const start = await bookAndKeep(page, request, DAY_SLOTS.manage);

    await expect(page.getByRole("heading", { level: 2, name: /^Booked for / })).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // Cancelling asks first; "No" changes nothing.
    const when = (await page.getByRole("heading", { level: 2, name: /^Booked for / }).textContent())!
      .replace(/^Booked for /, "")
      .replace(/ \(Maryland time\)$/, "");
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    const question = page.getByRole("dialog", { name: "Cancel this inspection?" });
    await expect(question).toContainText(when);
    await question.getByRole("button", { name: "No, keep it" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel the booking" })).toBeFocused();
    await expect(page.getByRole("heading", { level: 2, name: /^Booked for / })).toBeVisible();
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel it" }).click();

    // It ends on a page that says which time was freed, and how to book again.
    await expect(page.getByRole("heading", { level: 2, name: "Booking cancelled" })).toBeFocused();
    await expect(
      page.getByText(`Your inspection on ${when} (Maryland time) is cancelled. That time is free again.`),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Book another time" })).toHaveAttribute("href", "/schedule");
    expect(
      (
        (await (await request.get(`/api/availability/${start.slice(0, 7)}?${jobQuery(SHORT_JOB)}`)).json()) as {
          starts: string[];
        }
      ).starts,
    ).toContain(start);
  },
);

test(
  "a booking is moved after the visitor is asked, and the page names the new time",
  { tag: "@desktop" },
  async ({ page, request }) => {
    await bookAndKeep(page, request, DAY_SLOTS.move);

    const heading = page.getByRole("heading", { level: 2, name: /^Booked for / });
    const before = (await heading.textContent())!.replace(/^Booked for /, "").replace(/ \(Maryland time\)$/, "");
    await page.getByRole("button", { name: "Move to another time" }).click();
    const time = await chooseOpenTime(page, DAY_SLOTS.move, "desktop");
    const move = page.getByRole("button", { name: /^Move to \w+day, / });
    const after = (await move.textContent())!.replace(/^Move to /, "");
    expect(after.endsWith(time)).toBe(true);
    await move.click();
    const question = page.getByRole("dialog", { name: "Move this inspection?" });
    await expect(question).toContainText(`From ${before} to ${after} (Maryland time)`);
    await question.getByRole("button", { name: "Yes, move it" }).click();

    await expect(page.getByRole("heading", { level: 2, name: "Booking moved" })).toBeFocused();
    await expect(
      page.getByText(`Your inspection now starts ${after} (Maryland time). The old time, ${before}, is free again.`),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Book another inspection" })).toHaveAttribute("href", "/schedule");
  },
);
