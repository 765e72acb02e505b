/** The schedule form when the site refuses a booking: a time taken meanwhile, an address booked twice, a server that cannot store. */
import { expect, test } from "@playwright/test";
import { bookingRequest } from "../support/sample-requests";
import { DAY_SLOTS } from "../support/booking";
import { brokenSite, readE2eOutbox } from "../support/e2e-env";
import { draftStart, fillUpToReview, visitor } from "../support/schedule-form";

/** A home inspection with a radon test in the ZIP code the form is filled with, as other visitors book it. */
const HOME_WITH_RADON = {
  mainInspection: "residential",
  addOns: ["radon"],
  waterPackages: [],
  squareFeet: "2400",
  county: "Anne Arundel",
  zip: "21401",
};

test("a time taken meanwhile is refused with a clear message, and the fresh times no longer offer it", async ({
  page,
  request,
}, testInfo) => {
  const label = await fillUpToReview(page, DAY_SLOTS.takenMeanwhile, testInfo.project.name, "Erin Late");
  // Two other visitors book the same time (one per inspector) while this one reads the review.
  const start = await draftStart(page);
  for (const other of [1, 2]) {
    // Visitors of their own: another mailbox, phone number and house.
    const n = ((Number(visitor().phone.slice(-4)) + other * 10) % 9000) + 1000;
    const who = { email: `other${n}@example.com`, phone: `(410) 555-${n}`, street: `${n} Main Street` };
    const answer = await request.post("/api/schedule", { data: bookingRequest(start, { ...HOME_WITH_RADON, ...who }) });
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
  await expect(page.getByRole("heading", { name: "Time held for you" })).toHaveCount(0);
});

test("a second booking of one address at an overlapping time asks first, and books only when told to", async ({
  page,
  request,
}, testInfo) => {
  await fillUpToReview(page, DAY_SLOTS.sameAddress, testInfo.project.name, "Gale Twice");
  // The buyer's agent books the same house at the same time, from another mailbox and phone.
  const start = await draftStart(page);
  const n = ((Number(visitor().phone.slice(-4)) + 7) % 9000) + 1000;
  const agentBooking = bookingRequest(start, {
    ...HOME_WITH_RADON,
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
  await expect(page.getByRole("heading", { name: "Time held for you" })).toHaveCount(0);
  const booked = async () =>
    (await readE2eOutbox("schedule-requests")).filter((line) => {
      const sent = line.request as { street?: string; start?: string };
      return sent.street === visitor().street && sent.start === start;
    });
  expect(await booked()).toHaveLength(1);

  await book.click();
  await question.getByRole("button", { name: "Book it as well" }).click();
  await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
  expect(await booked()).toHaveLength(2);
});

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
    await fillUpToReview(page, DAY_SLOTS.fillsEverything, testInfo.project.name, "Erin Retry");
    await page.getByRole("button", { name: "Book this time" }).click();

    const notification = page.getByRole("region", { name: /Notifications/ });
    await expect(notification.getByText("Your request was not sent")).toBeVisible();
    await expect(notification.getByText(/^We could not save your request just now\. Nothing was sent\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Time held for you" })).toHaveCount(0);

    // Everything is still there: on the review step and on each step behind it.
    await expect(page.getByText("Erin Retry")).toBeVisible();
    await page.getByRole("button", { name: /Change your details/ }).click();
    await expect(page.getByLabel("Your name")).toHaveValue("Erin Retry");
    await expect(page.getByLabel("Phone")).toHaveValue(visitor().phone);
  },
);
