/**
 * The office books a caller on the desk, in the site's own schedule form: into an open time, and
 * into a time outside the hours, each confirmed as it is made, opened on the board at its day, and
 * e-mailed to the client with a confirmed invitation.
 */
import { expect, test, type Page } from "@playwright/test";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";
import { keptMail, shootDesk, signInToDesk } from "../support/desk-page";
import { axeViolations, describeViolations } from "../support/axe";
import { eventsOf } from "../support/invite";
import { fillProperty, next, visitor } from "../support/schedule-form";

async function fillCaller(page: Page, name: string, email: string, phone: string) {
  await page.getByLabel("Client's name").fill(name);
  await page.getByLabel("Client's e-mail").fill(email);
  await page.getByLabel("Client's phone").fill(phone);
}

/** The caller's step and its review speak to the office about the caller, never to a visitor. */
async function expectOfficeWords(page: Page) {
  const form = page.locator("form");
  await expect(page.getByRole("heading", { name: "The client's details" })).toBeVisible();
  await expect(form.getByText("The caller is the buyer's agent, booking for a client")).toBeVisible();
  await expect(form.getByLabel("How did the caller hear about us?")).toBeVisible();
  await expect(form.getByText("What the caller gives is used only for this request")).toBeVisible();
  for (const visitorWords of [/\b[Yy]our\b/, /\bI'm\b/, /How did you/, /What you send/]) {
    await expect(form.getByText(visitorWords)).toHaveCount(0);
  }
}

/** The booking the desk answered with, from the client's kept e-mail. */
async function clientMail(email: string) {
  return keptMail(
    `SELECT mail FROM deliveries WHERE mail->>'to' = $1 AND mail->>'subject' LIKE 'Your inspection is booked%' ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
}

test("the office books a caller into an open time, and another outside the hours, each confirmed and e-mailed", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  await signInToDesk(page);

  // Into an open time, as a visitor would choose it.
  await page.getByRole("button", { name: "Book a caller" }).click();
  await expect(page.getByRole("heading", { name: "Book a caller" })).toBeVisible();
  await next(page);
  await fillProperty(page);
  await next(page);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  const label = await chooseOpenTime(page, DAY_SLOTS.deskCaller, project);
  await shootDesk(page, "book-caller", project);
  await next(page);
  await expectOfficeWords(page);
  await shootDesk(page, "book-caller-details", project);
  const email = visitor().email;
  await fillCaller(page, "Pat Phoned", email, visitor().phone);
  await next(page);
  await expect(page.getByRole("heading", { name: "The client's details" })).toBeVisible();
  await expect(page.locator("form").getByText(/\b[Yy]our\b/)).toHaveCount(0);
  await page.getByRole("button", { name: "Book for the caller" }).click();
  const said = page.getByRole("status").filter({ hasText: /^Booked SR-/ });
  await expect(said).toContainText("and confirmed");
  const reference = /SR-[A-Z0-9-]+/.exec((await said.textContent())!)![0];
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await expect(item.locator("details")).toHaveAttribute("open", "");
  await expect(item).toContainText("(confirmed)");
  await expect(item).toContainText(label);
  const mail = await clientMail(email);
  expect(mail.text).toContain(
    `Your inspection is booked, as agreed with us on the phone. Your reference is ${reference}.`,
  );
  const [event] = eventsOf(mail.calendar!);
  expect(event!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
  const start = event!.startDate.toJSDate();

  // Outside the hours, on the same day, at 8:30 pm Maryland time: said so, and booked.
  await page.getByRole("button", { name: "Book a caller" }).click();
  await next(page);
  await fillProperty(page);
  await page.getByLabel("Street address").fill(`${visitor().street}, rear cottage`);
  await next(page);
  await page.getByLabel("Book another time: sooner than visitors may book, or outside the hours").check();
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(start);
  await page.getByLabel("Date", { exact: true }).fill(day);
  await page.getByLabel("Start", { exact: true }).fill("20:30");
  await shootDesk(page, "book-caller-outside", project);
  // Back a step and on again: the typed time is still there.
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await next(page);
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day);
  await expect(page.getByLabel("Start", { exact: true })).toHaveValue("20:30");
  await next(page);
  const lateEmail = email.replace("@", "+late@");
  await fillCaller(page, "Lee Late", lateEmail, "410-555-7390");
  await next(page);
  await page.getByRole("button", { name: "Book for the caller" }).click();
  const late = page.getByRole("status").filter({ hasText: /^Booked SR-/ });
  await expect(late).toContainText("8:30 pm");
  const lateReference = /SR-[A-Z0-9-]+/.exec((await late.textContent())!)![0];
  expect(lateReference).not.toBe(reference);
  await expect(page.getByTestId("desk-item").filter({ hasText: lateReference })).toContainText("(confirmed)");
  const lateMail = await clientMail(lateEmail);
  const [lateEvent] = eventsOf(lateMail.calendar!);
  expect(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "numeric",
      minute: "2-digit",
      hour12: false,
    }).format(lateEvent!.startDate.toJSDate()),
  ).toBe("20:30");
});
