/** A booking after it is made: its kept e-mail, and the link in it that keeps, cancels or moves it. */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { axeViolations, describeViolations } from "../support/axe";
import { chooseOpenTime, DAY_SLOTS, nextMonth } from "../support/booking";
import { linkInConfirmation } from "../support/e2e-env";
import { openPage } from "../support/page";
import { visitor } from "../support/schedule-form";

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
