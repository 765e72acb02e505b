import { expect, test, type Page } from "@playwright/test";
import { clockWords } from "../../src/lib/maryland-time/hours-sentence";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { axeViolations, describeViolations } from "../support/axe";
import { keptMail, latestLinkNumber, OFFICE, shootDesk, startsAhead, takeSignInLink } from "../support/desk-page";
import { eventsOf } from "../support/invite";
import { openPage } from "../support/page";
import { offeredTimes } from "../support/schedule-form";

/**
 * The day (counted among the days with open times) this test books and takes off; the phone's is
 * the next. Past every day the other browser tests book on (tests/support/booking.ts), so no other
 * booking lies inside the afternoon taken off.
 */
const DESK_DAY = 40;

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test("the owner signs in from the e-mailed link, opens a booking from the office e-mail, confirms and moves it, and takes an afternoon off that leaves the schedule page", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const days = [...new Set((await startsAhead(page)).map((start) => start.slice(0, 10)))];
  const day = days[DESK_DAY + (project === "phone" ? 1 : 0)]!;
  const morning = (await startsAhead(page)).find((start) => start.startsWith(day) && start.slice(11, 13) < "11")!;
  const booked = await page.request.post("/api/schedule", {
    data: bookingRequest(morning, {
      ...SHORT_JOB,
      name: "Casey Caller",
      email: `caller-${project}@example.com`,
      phone: project === "phone" ? "410-555-7301" : "410-555-7302",
      street: `${project === "phone" ? 71 : 72} Desk Lane`,
      agentName: "",
      agentEmail: "",
    }),
    headers: { "Idempotency-Key": `desk-${project}-${Date.now()}` },
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };

  // Signed out: the sign-in, which answers the same for any address.
  await openPage(page, "/desk");
  await expect(page.getByRole("heading", { name: "The desk" })).toBeVisible();
  await expectAxeClean(page);
  await shootDesk(page, "sign-in", project);
  const linksBefore = await latestLinkNumber();
  await page.getByLabel("E-mail address").fill(OFFICE);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();

  await openPage(page, await takeSignInLink(OFFICE, linksBefore));
  await expect(page).not.toHaveURL(/signin=/);
  await page.getByRole("button", { name: "Sign in to the desk" }).click();
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();

  // The office's e-mail about the booking opens it on the desk, at its day, per inspector.
  const office = await keptMail(`SELECT mail FROM deliveries WHERE reference = $1 AND message = 'business'`, [
    reference,
  ]);
  const deskLink = /https?:\/\/\S+\/desk\?day=\S+/.exec(office.text)?.[0];
  expect(deskLink).toBeDefined();
  await openPage(page, new URL(deskLink!).pathname + new URL(deskLink!).search);
  await expect(
    page.getByRole("heading", {
      name: new RegExp(
        new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" }),
      ),
    }),
  ).toBeVisible();
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await expect(item.locator("details")).toHaveAttribute("open", "");
  await expect(item).toContainText("held, not yet confirmed");
  await expect(item).toContainText(reference);
  await expect(item).toContainText("(Maryland time)");
  await expectAxeClean(page);
  await shootDesk(page, "day", project);
  await item.getByRole("button", { name: "Confirm for the client" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Confirmed" })).toBeVisible();
  await expect(item).toContainText("(confirmed)");

  // Moved for the client to another morning time: the client's e-mail carries the moved invite.
  const other = (await startsAhead(page)).find(
    (start) => start.startsWith(day) && start.slice(11, 13) < "12" && start !== morning,
  )!;
  await item.getByLabel("Move to (Maryland time)").fill(other.slice(0, 16));
  await item.getByRole("button", { name: "Move for the client" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved" })).toBeVisible();
  const moved = await keptMail(
    `SELECT mail FROM deliveries WHERE mail->>'to' = $1 AND mail->>'subject' LIKE 'Your inspection is moved%'`,
    [`caller-${project}@example.com`],
  );
  expect(moved.text).toContain("now starts");
  // Confirmed, then moved: the third version of the event, at the new time.
  const [event] = eventsOf(moved.calendar!);
  expect(event!.sequence).toBe(2);
  expect(event!.startDate.toJSDate().getTime()).toBe(Date.parse(other));

  // An afternoon off for every inspector: that afternoon's times are no longer offered, by the
  // availability function nor on the /schedule page, which offered them before.
  const before = (await startsAhead(page)).filter((start) => start.startsWith(day));
  expect(before.some((start) => start.slice(11, 13) >= "13")).toBe(true);
  const asWords = (starts: string[]) => starts.map((start) => clockWords(start.slice(11, 16)));
  const afternoon = (times: string[]) => times.filter((time) => /^[1-5](:\d\d)? pm$/.test(time));
  const offeredBefore = await offeredTimes(page, day);
  expect(offeredBefore).toEqual(asWords(before));
  expect(afternoon(offeredBefore!).length).toBeGreaterThan(0);
  await page.getByLabel("Who", { exact: true }).selectOption("all");
  await page.getByLabel("From (date)").fill(day);
  await page.getByLabel("To (date)").fill(day);
  await page.getByLabel("From (time, Maryland)").fill("13:00");
  await page.getByLabel("To (time, Maryland)").fill("18:00");
  await page.getByLabel("Note (for the desk only)").fill("Afternoon off");
  await page.getByRole("button", { name: "Take this time off" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Time off taken" })).toBeVisible();
  await expect(page.getByTestId("desk-item").filter({ hasText: "Time off: Afternoon off" })).toHaveCount(2);
  const after = (await startsAhead(page)).filter((start) => start.startsWith(day));
  expect(after.filter((start) => start.slice(11, 13) >= "13")).toEqual([]);
  expect(after.length).toBeGreaterThan(0);
  const offered = await offeredTimes(page, day);
  expect(offered).toEqual(asWords(after));
  expect(afternoon(offered!)).toEqual([]);
  expect(offered!.some((time) => time.endsWith(" am"))).toBe(true);

  for (const view of ["Week", "List"]) {
    await page.getByRole("button", { name: view, exact: true }).click();
    await expect(page.getByRole("button", { name: view, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("desk-item").filter({ hasText: reference })).toBeVisible();
    await expectAxeClean(page);
    await shootDesk(page, view.toLowerCase(), project);
  }

  // What needs attention: the booking, still to come, is not signed; its signing link goes again,
  // and it opens on the board at its day.
  await page.getByRole("button", { name: "Attention", exact: true }).click();
  const unsigned = page.getByRole("listitem").filter({ hasText: reference });
  await expect(unsigned).toContainText("(Maryland time)");
  await expect(unsigned).toContainText(`caller-${project}@example.com`);
  await expectAxeClean(page);
  await shootDesk(page, "attention", project);
  await unsigned.getByRole("button", { name: "Resend the signing link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "the link to sign the agreement" })).toBeVisible();
  await unsigned.getByRole("button", { name: `Open booking ${reference}` }).click();
  await expect(page.getByRole("button", { name: "Day", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("desk-item").filter({ hasText: reference }).locator("details")).toHaveAttribute(
    "open",
    "",
  );

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("E-mail address")).toBeVisible();
});

/** Presses Tab until `target` has the focus, at most `limit` times: what a keyboard user reaches. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Not reached with ${limit} presses of Tab`);
}

test("the desk is complete by keyboard: sign in, choose the day, open a booking and confirm it", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const starts = await startsAhead(page);
  const days = [...new Set(starts.map((start) => start.slice(0, 10)))];
  const day = days[DESK_DAY + 2 + (project === "phone" ? 1 : 0)]!;
  const start = starts.find((at) => at.startsWith(day))!;
  const booked = await page.request.post("/api/schedule", {
    data: bookingRequest(start, {
      ...SHORT_JOB,
      name: "Kim Keyboard",
      email: `keys-${project}@example.com`,
      phone: project === "phone" ? "410-555-7303" : "410-555-7304",
      street: `${project === "phone" ? 73 : 74} Desk Lane`,
      agentName: "",
      agentEmail: "",
    }),
    headers: { "Idempotency-Key": `desk-keys-${project}-${Date.now()}` },
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };

  await openPage(page, "/desk");
  const after = await latestLinkNumber();
  const email = page.getByLabel("E-mail address");
  await tabTo(page, email);
  await page.keyboard.type(OFFICE);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await takeSignInLink(OFFICE, after));
  const signInButton = page.getByRole("button", { name: "Sign in to the desk" });
  await tabTo(page, signInButton);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();

  const dayField = page.getByLabel("Day", { exact: true });
  await tabTo(page, dayField);
  await dayField.fill(day);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await tabTo(page, item.locator("summary"));
  await page.keyboard.press("Enter");
  await expect(item.locator("details")).toHaveAttribute("open", "");
  await tabTo(page, item.getByRole("button", { name: "Confirm for the client" }));
  await page.keyboard.press("Enter");
  await expect(item).toContainText("(confirmed)");
});
