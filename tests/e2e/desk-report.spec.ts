/**
 * The report's delivery from the owner's desk and what it changes for the client: the owner confirms a booking,
 * the visit happens, and a 40 MB PDF is uploaded over a connection held to a phone's speed, with its progress.
 * The client's report page withholds it until the agreement is signed, then it downloads and the desk lists the
 * download; the client's data page keeps the agreement and report until five years from the delivery.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { DAY_SLOTS } from "../support/booking";
import { statSync } from "node:fs";
import path from "node:path";
import {
  moveVisitBack,
  shootDesk,
  signInToDesk,
  startsAhead,
  throttleUploads,
  uploadReport,
} from "../support/desk-page";
import { linkInDataMail, shotsDir } from "../support/e2e-env";
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

/** A screenshot of what is in view (or of one part) at the project's width, in reports/tmp/report (ignored by git). */
const shootReport = (shot: Page | Locator, view: string, project: string) =>
  shot.screenshot({ path: path.join(shotsDir("report"), `report-${view}-${project === "phone" ? 390 : 1280}.png`) });

const REPORT_MB = 40;

test("the owner uploads a visit's 40 MB report from the desk; the client opens it from the e-mail once signed, and the data page keeps both five years from the delivery", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
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

  // The owner confirms it on the desk; a report cannot be uploaded before the visit.
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day!);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await item.locator("summary").click();
  await item.getByRole("button", { name: "Confirm for the client" }).click();
  await expect(item).toContainText("(confirmed)");
  await expect(item.getByRole("button", { name: "Upload the report" })).toHaveCount(0);

  // The visit is made to have happened, as if the clock had moved on: the booking is moved back to
  // a past day of its own (a week ago, the phone's a day earlier), at the same time of day.
  const visitDay = marylandDay(project === "phone" ? -8 : -7);
  const back = Math.round((Date.parse(day!) - Date.parse(visitDay)) / 86_400_000);
  await moveVisitBack(reference, back);
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  await expect(item).toContainText("(visit done)");
  await item.locator("summary").click();
  await expect(item).toContainText("not delivered yet");

  // 40 MB at 16 MB a second: the progress is on screen for the seconds it takes.
  await throttleUploads(page, 16 * 1024 * 1024);
  const firstDay = marylandDay();
  const file = await uploadReport(item, REPORT_MB, testInfo.outputPath("upload"));
  const progress = item.getByRole("progressbar", { name: /^Uploading: [\d.]+ [KM]B of 40\.0 MB$/ });
  await expect(progress).toBeVisible();
  // Moving: some of the file has gone, not yet all.
  await expect(progress).toHaveAccessibleName(/^Uploading: [\d.]+ MB of 40\.0 MB$/);
  if (project === "phone") await shootReport(item, "desk-upload", project);
  const uploaded = item
    .getByRole("status")
    .filter({ hasText: "Uploaded: the report is kept, and the client has the e-mail with its page." });
  await expect(uploaded).toBeVisible({ timeout: 60_000 });
  await expect(uploaded).toContainText("Before its page gives the report, the client must sign the agreement");
  await expect(progress).toHaveCount(0);
  await expect(item).toContainText(`(${REPORT_MB}.0 MB)`);
  await expect(item).toContainText("Downloads: none yet");
  // Delivered on Maryland's today when it was uploaded (either side of a midnight, should one pass meanwhile).
  const delivered = [...new Set([firstDay, marylandDay()])];
  await expect(item.getByRole("definition").filter({ hasText: /^delivered / })).toHaveText(
    new RegExp(`^delivered \\w+, (${delivered.map(inWords).join("|")}), `),
  );
  await expectAxeClean(page);
  if (project === "phone") await shootReport(item, "desk-uploaded", project);

  // The client reads the e-mail (the local mail view) and opens its link: withheld until signed.
  await page.goto("/_mail");
  await page
    .getByRole("listitem")
    .filter({ hasText: `to ${email}` })
    .getByRole("link", { name: `Your inspection report is ready (${reference})`, exact: false })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Your inspection report is ready/ })).toBeVisible();
  await shootReport(page, "email", project);
  await page.getByRole("link", { name: /\/report\?token=/ }).click();
  await expect(
    page.getByRole("heading", { name: "The report is ready: one step before you can open it" }),
  ).toBeVisible();
  await expect(page.getByText("Sign the inspection agreement.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Download the report/ })).toHaveCount(0);
  await expectAxeClean(page);
  await shootReport(page, "page-withheld", project);
  const reportPage = page.url();

  // The page's button signs the agreement.
  await page.getByRole("link", { name: "Sign the agreement" }).click();
  await page.getByLabel("Full name").fill("Robin Reader");
  await page.getByRole("checkbox", { name: /sign this agreement electronically/ }).check();
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByRole("heading", { name: "Agreement signed" })).toBeVisible();

  // Back on the report page, the report is there, and downloads whole.
  await page.goto(reportPage);
  await expect(page.getByRole("heading", { name: "Your report is ready" })).toBeVisible();
  await expect(page.getByText(`as a PDF of ${REPORT_MB}.0 MB`)).toBeVisible();
  await expectAxeClean(page);
  await shootReport(page, "page-ready", project);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the report (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`inspection-report-${reference}.pdf`);
  expect(statSync(await download.path()).size).toBe(statSync(file).size);

  // The desk (its session still open) lists the client's download, and keeps the signed agreement
  // five years from the delivery.
  await openPage(page, "/desk");
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  await item.locator("summary").click();
  await expect(item).toContainText(/Downloads: the client, \w+/);
  const either = delivered.map((on) => inWords(fiveYearsOn(on))).join("|");
  await expect(item.getByRole("definition").filter({ hasText: /^signed / })).toHaveText(
    new RegExp(`; kept until (${either})$`),
  );
  await shootDesk(page, "delivered", project);
  // On a phone too, the opened booking fits the screen, and every part of it its card.
  const outside = await page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const card = document.querySelector("details[open]")!.closest("li")!.getBoundingClientRect();
    return [...document.querySelectorAll("body *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const inCard = element.closest("li") !== null && element.closest("details[open]") !== null;
        return box.width > 0 && (box.right > screen + 0.5 || (inCard && box.right > card.right + 0.5));
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });
  expect(outside, "elements past the screen's or the card's right edge").toEqual([]);

  // The client asks for their data at /privacy and reads, from the e-mailed link, until when the
  // signed agreement and the report are kept.
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
  const report = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `Inspection report (PDF) ${reference}` }) });
  await expect(report).toContainText(new RegExp(`Deleted on (${either})\\.`));
  await expect(report).toContainText(`${REPORT_MB}.0 MB`);
  await expectAxeClean(page);
  await shootDesk(page, "delivered-data", project);
});
