/**
 * The report's delivery on the owner's desk, and what it changes for the client: a booking is made
 * and its agreement signed by the client on the signing page, the owner confirms it on the desk, the
 * visit is made to have happened, and the owner records the report delivered today; the client's
 * data page (reached from /privacy) then keeps the signed agreement until five years from that day.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { DAY_SLOTS } from "../support/booking";
import { moveVisitBack, shootDesk, signInToDesk, startsAhead } from "../support/desk-page";
import { linkInConfirmation, linkInDataMail } from "../support/e2e-env";
import { openPage } from "../support/page";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Today in Maryland, moved on `days` days, as YYYY-MM-DD. */
const marylandDay = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/** A day (YYYY-MM-DD) in words, as the pages write dates: "January 15, 2032". */
const inWords = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** The same date five years on (BOP 16-4A-05); a 29 February goes to the 28th where there is none. */
function fiveYearsOn(day: string): string {
  const year = Number(day.slice(0, 4)) + 5;
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return day.endsWith("-02-29") && !leap ? `${year}-02-28` : `${year}${day.slice(4)}`;
}

test("the owner records a visit's report as delivered, and the client's data page keeps the signed agreement five years from that day", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const starts = await startsAhead(page);
  const days = [...new Set(starts.map((start) => start.slice(0, 10)))];
  const day = days[DAY_SLOTS.deskReport + (project === "phone" ? 1 : 0)];
  expect(day, "a day of its own among the days with open times").toBeDefined();
  const email = `report-${project}@example.com`;
  const booked = await page.request.post("/api/schedule", {
    data: bookingRequest(
      starts.find((start) => start.startsWith(day!))!,
      {
        ...SHORT_JOB,
        name: "Robin Reader",
        email,
        phone: project === "phone" ? "410-555-7305" : "410-555-7306",
        street: `${project === "phone" ? 75 : 76} Desk Lane`,
        agentName: "",
        agentEmail: "",
      },
    ),
    headers: { "Idempotency-Key": `desk-report-${project}-${Date.now()}` },
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };

  // The client signs the agreement from the link in the confirmation.
  await openPage(page, await linkInConfirmation(reference, "agreement"));
  await page.getByLabel("Full name").fill("Robin Reader");
  await page.getByRole("checkbox", { name: /sign this agreement electronically/ }).check();
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByRole("heading", { name: "Agreement signed" })).toBeVisible();

  // The owner confirms it on the desk; a report cannot be delivered before the visit.
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day!);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await item.locator("summary").click();
  await item.getByRole("button", { name: "Confirm for the client" }).click();
  await expect(item).toContainText("(confirmed)");
  await expect(item.getByRole("button", { name: "Report delivered today" })).toHaveCount(0);

  // The visit is made to have happened, as if the clock had moved on: the booking is moved back to
  // a past day of its own (a week ago, the phone's a day earlier), at the same time of day.
  const visitDay = marylandDay(project === "phone" ? -8 : -7);
  const back = Math.round((Date.parse(day!) - Date.parse(visitDay)) / 86_400_000);
  await moveVisitBack(reference, back);
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  await expect(item).toContainText("(visit done)");
  await item.locator("summary").click();
  await expect(item).toContainText("not recorded as delivered");
  await expect(item).toContainText("counted from a month after the visit");
  const firstDay = marylandDay();
  await item.getByRole("button", { name: "Report delivered today" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "the signed agreement is kept 5 years from today" }),
  ).toBeVisible();
  // Delivered on Maryland's today when it was pressed (either side of a midnight, should one pass
  // meanwhile), and the agreement kept until five years from that day.
  const delivered = [...new Set([firstDay, marylandDay()])];
  await expect(item.getByRole("definition").filter({ hasText: /^delivered / })).toHaveText(
    new RegExp(`^delivered \\w+, (${delivered.map(inWords).join("|")}), `),
  );
  const either = delivered.map((on) => inWords(fiveYearsOn(on))).join("|");
  await expect(item.getByRole("button", { name: "Report delivered today" })).toHaveCount(0);
  await expect(item.getByRole("definition").filter({ hasText: /^signed / })).toHaveText(
    new RegExp(`; kept until (${either})$`),
  );
  await expectAxeClean(page);
  await shootDesk(page, "delivered", project);

  // The client asks for their data at /privacy and reads, from the e-mailed link, until when the
  // signed agreement is kept.
  await openPage(page, "/privacy");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeFocused();
  await openPage(page, await linkInDataMail(email));
  await expect(page.getByText(`What we keep about ${email}`)).toBeVisible();
  const agreement = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `Signed inspection agreement ${reference}` }) });
  await expect(agreement).toContainText(new RegExp(`Deleted on (${either})\\.`));
  await expect(agreement).toContainText("5 years from the report's delivery");
  await expect(agreement).toContainText("Robin Reader");
  await expectAxeClean(page);
  await shootDesk(page, "delivered-data", project);
});
