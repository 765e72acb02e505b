import { expect, test, type Page } from "@playwright/test";
import { withDatabase } from "../../src/serve/database-access";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { axeViolations, describeViolations } from "../support/axe";
import { clockWords } from "../../src/lib/booking/hours-sentence";
import { dateButton } from "../support/booking";
import { E2E_DATA, e2eEnv, linkInConfirmation, linkInDataMail } from "../support/e2e-env";
import { eventsOf } from "../support/invite";
import { openPage } from "../support/page";
import { fillProperty, next } from "../support/schedule-form";

const OFFICE = "office@severnridgeinspections.com";
/**
 * The day (counted among the days with open times) this test books and takes off; the phone's is
 * the next. Past every day the other browser tests book on (tests/support/booking.ts), so no other
 * booking lies inside the afternoon taken off.
 */
const DESK_DAY = 40;

async function openStarts(page: Page, month: string): Promise<string[]> {
  const answer = await page.request.get(`/api/availability/${month}?${jobQuery(SHORT_JOB)}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { starts: string[] }).starts;
}

async function startsAhead(page: Page): Promise<string[]> {
  const months = [0, 1, 2].map((ahead) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + ahead);
    return date.toISOString().slice(0, 7);
  });
  return (await Promise.all(months.map((month) => openStarts(page, month)))).flat();
}

/**
 * The latest sign-in link kept for an address (the test site has no SMTP), as a path to open. Each
 * width signs in as the office's mailbox with a tag of its own, so the two never read each other's.
 */
async function signInLink(address: string): Promise<string> {
  const [row] = await withDatabase(
    (db) =>
      db.query<{ text: string }>(
        "SELECT mail->>'text' AS text FROM deliveries WHERE message = 'deskLink' AND mail->>'to' = $1 ORDER BY created_at DESC LIMIT 1",
        [address],
      ),
    { ...process.env, DATA_DIR: E2E_DATA },
  );
  const link = row && /https?:\/\/\S+\/desk\?signin=[A-Za-z0-9_-]+/.exec(row.text)?.[0];
  if (!link) throw new Error(`No desk sign-in link is kept for ${address}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** One e-mail kept by the test site (it has no SMTP), found by a query that selects its `mail`. */
async function keptMail(sql: string, values: unknown[]): Promise<{ text: string; calendar?: string }> {
  const [row] = await withDatabase((db) => db.query<{ mail: { text: string; calendar?: string } }>(sql, values), {
    ...process.env,
    DATA_DIR: E2E_DATA,
  });
  if (!row) throw new Error(`No kept e-mail for ${values.join(", ")}`);
  return row.mail;
}

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const shoot = (page: Page, view: string, project: string) =>
  page.screenshot({ path: `reports/desk-${view}-${project === "phone" ? 390 : 1280}.png`, fullPage: true });

/**
 * The times the /schedule page offers on `day` for the short job, as a visitor sees them: the form
 * walked to its time step in a tab of its own (a fresh form, and the month's times read afresh),
 * and the day opened in the calendar. Null when the calendar greys the day out.
 */
async function timesOnSchedule(page: Page, day: string): Promise<string[] | null> {
  const form = await page.context().newPage();
  try {
    await openPage(form, "/schedule");
    await form.getByLabel(/No inspection: tests only/).check();
    await form.getByLabel(/Radon test/).check();
    await next(form);
    await fillProperty(form, SHORT_JOB.squareFeet);
    const asked = form.waitForRequest((request) => request.url().includes("/api/availability/"));
    await next(form);
    // The form asks for the times of the very job the test books and reads through the API.
    expect(new URL((await asked).url()).search).toBe(`?${jobQuery(SHORT_JOB)}`);
    const button = await dateButton(form, day);
    if (await button.isDisabled()) return null;
    await button.click();
    const times = form.getByRole("group", { name: /^Open times on / });
    await expect(times).toBeVisible();
    return (await times.getByRole("button").allTextContents()).map((text) => text.trim());
  } finally {
    await form.close();
  }
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
  await shoot(page, "sign-in", project);
  const address = OFFICE.replace("@", `+${project}@`);
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();

  await openPage(page, await signInLink(address));
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();
  expect(page.url()).not.toContain("signin=");

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
  await shoot(page, "day", project);
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
  const offeredBefore = await timesOnSchedule(page, day);
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
  const offered = await timesOnSchedule(page, day);
  expect(offered).toEqual(asWords(after));
  expect(afternoon(offered!)).toEqual([]);
  expect(offered!.some((time) => time.endsWith(" am"))).toBe(true);

  for (const view of ["Week", "List"]) {
    await page.getByRole("button", { name: view, exact: true }).click();
    await expect(page.getByRole("button", { name: view, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("desk-item").filter({ hasText: reference })).toBeVisible();
    await expectAxeClean(page);
    await shoot(page, view.toLowerCase(), project);
  }

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("E-mail address")).toBeVisible();
});

/** Signs in to the desk as the office's mailbox under `tag`, from the kept link. */
async function signInToDesk(page: Page, tag: string) {
  const address = OFFICE.replace("@", `+${tag}@`);
  await openPage(page, "/desk");
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await signInLink(address));
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();
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
  const day = days[DESK_DAY + 4 + (project === "phone" ? 1 : 0)];
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
  await signInToDesk(page, `report-${project}`);
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
  await withDatabase(
    (db) =>
      db.query(
        `UPDATE bookings SET start_at = start_at - make_interval(days => $2),
           during = tstzrange(lower(during) - make_interval(days => $2), upper(during) - make_interval(days => $2))
         WHERE reference = $1`,
        [reference, back],
      ),
    e2eEnv(),
  );
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  await expect(item).toContainText("(visit done)");
  await item.locator("summary").click();
  await expect(item).toContainText("not recorded as delivered");
  await expect(item).toContainText("counted from a month after the visit");
  const firstDay = marylandDay();
  await item.getByRole("button", { name: "Report delivered today" }).click();
  await expect(page.getByRole("status").filter({ hasText: "the agreement's years count from today" })).toBeVisible();
  // Maryland's today when it was pressed (either side of a midnight, should one pass meanwhile).
  const keptUntil = [...new Set([firstDay, marylandDay()])].map((delivered) => inWords(fiveYearsOn(delivered)));
  const either = keptUntil.join("|");
  await expect(item).toContainText(/delivered /);
  await expect(item).not.toContainText("not recorded as delivered");
  await expect(item.getByRole("button", { name: "Report delivered today" })).toHaveCount(0);
  await expect(item.getByRole("definition").filter({ hasText: /^signed / })).toHaveText(
    new RegExp(`; kept until (${either})$`),
  );
  await expectAxeClean(page);
  await shoot(page, "delivered", project);

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
  await shoot(page, "delivered-data", project);
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
  const address = OFFICE.replace("@", `+keys-${project}@`);
  const email = page.getByLabel("E-mail address");
  await tabTo(page, email);
  await page.keyboard.type(address);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await signInLink(address));

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
