/**
 * The desk as the owner uses it on a phone, and at 1280 px: the day's bookings come before the
 * tools, each under its inspector's name (content/availability.yaml); what "Take this time off" and
 * "Upload the report" did is said in sight of the tap, and the time off form is emptied once
 * it is taken; the "Whole days" tick is a target a thumb can hit.
 */
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readRawContentFile } from "../../src/build-time/content-files";
import { inspectorName, type Inspector } from "../../src/features/booking/shared/inspectors";
import { DAY_SLOTS } from "../support/booking";
import { inE2eDatabase, moveVisitBack, shootDesk, signInToDesk, startsAhead, uploadReport } from "../support/desk-page";
import { shotsDir } from "../support/e2e-env";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";

const { inspectors } = readRawContentFile("availability.yaml") as { inspectors: Inspector[] };

/** The desk test's day (YYYY-MM-DD) for this width, and its open starts. */
async function deskDay(page: Page, project: string) {
  const starts = await startsAhead(page);
  const day = [...new Set(starts.map((start) => start.slice(0, 10)))][
    DAY_SLOTS.deskPhone + (project === "phone" ? 1 : 0)
  ];
  expect(day, "a day of its own among the days with open times").toBeDefined();
  return { day: day!, starts: starts.filter((start) => start.startsWith(day!)) };
}

/** Books the short job at `start` for a client of this test, and answers its reference. */
async function book(page: Page, start: string, project: string, who: string, phone: string): Promise<string> {
  const booked = await page.request.post("/api/schedule", {
    data: bookingRequest(start, {
      ...SHORT_JOB,
      name: `${who} Phone`,
      email: `${who.toLowerCase()}-${project}@example.com`,
      phone,
      street: `${project === "phone" ? 81 : 82} ${who} Lane`,
      agentName: "",
      agentEmail: "",
    }),
    headers: { "Idempotency-Key": `desk-phone-${who}-${project}-${Date.now()}` },
  });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as { reference: string }).reference;
}

/** What the screen shows now (not the whole page): where the eye is after a tap. */
const shootScreen = (page: Page, view: string, project: string) =>
  page.screenshot({ path: path.join(shotsDir("desk"), `desk-${view}-screen-${project === "phone" ? 390 : 1280}.png`) });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, "laid out on the page").not.toBeNull();
  return found!;
};

test("the day's bookings come before the time off form, and the Whole days tick is a target a thumb can hit", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { day, starts } = await deskDay(page, project);
  await book(page, starts[0]!, project, "First", project === "phone" ? "410-555-7311" : "410-555-7312");
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day);
  const first = page.getByTestId("desk-item").first();
  await expect(first).toBeVisible();
  await shootDesk(page, "bookings-first", project);
  const timeOff = page.getByRole("form", { name: "Take time off" });
  if (project === "phone") {
    // One column: the bookings first, the tools after them; the first booking is on the first screen.
    expect((await box(first)).y).toBeLessThan((await box(timeOff)).y);
    expect((await box(first)).y + (await box(first)).height).toBeLessThan(page.viewportSize()!.height);
  }

  // WCAG 2.2's 2.5.8 asks 24 by 24 CSS px at least; the label, words and all, is 44 px high and ticks it.
  const tick = timeOff.getByRole("checkbox", { name: "Whole days" });
  const tickBox = await box(tick);
  expect(Math.min(tickBox.width, tickBox.height)).toBeGreaterThanOrEqual(24);
  const label = timeOff.locator("label").filter({ has: page.getByRole("checkbox", { name: "Whole days" }) });
  expect((await box(label)).height).toBeGreaterThanOrEqual(44);
  await timeOff.getByText("Whole days", { exact: true }).click();
  await expect(tick).toBeChecked();
  await expect(timeOff.getByLabel("From (time, Maryland)")).toHaveCount(0);
});

test("each booking and each day's column is named by its inspector's name, never by a number", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { day, starts } = await deskDay(page, project);
  const reference = await book(
    page,
    starts[1]!,
    project,
    "Named",
    project === "phone" ? "410-555-7313" : "410-555-7314",
  );
  const [row] = await inE2eDatabase((db) =>
    db.query<{ inspector: number }>("SELECT inspector FROM bookings WHERE reference = $1", [reference]),
  );
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await expect(item).toContainText(inspectorName(inspectors, row!.inspector));
  for (const inspector of inspectors) {
    await expect(page.getByRole("heading", { name: inspector.name, exact: true })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Who" }).getByRole("option", { name: inspector.name })).toHaveCount(
      1,
    );
  }
  await expect(page.getByText(/Inspector \d/)).toHaveCount(0);
});

test("taking time off says so in sight of the button, and empties the form for the next", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { day } = await deskDay(page, project);
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day);
  await expect(page.getByRole("heading", { name: /, \w+ \d+$/ })).toBeVisible();
  const timeOff = page.getByRole("form", { name: "Take time off" });
  await timeOff.getByLabel("Who", { exact: true }).selectOption("all");
  await timeOff.getByLabel("From (time, Maryland)").fill("15:00");
  await timeOff.getByLabel("To (time, Maryland)").fill("16:00");
  await timeOff.getByLabel("Note (for the desk only)").fill(`School run ${project}`);
  await timeOff.getByRole("button", { name: "Take this time off" }).click();
  const said = page.getByRole("status").filter({ hasText: "Time off taken" });
  await expect(said).toBeVisible();
  await expect(page.getByTestId("desk-item").filter({ hasText: `School run ${project}` })).toHaveCount(2);
  await shootScreen(page, "time-off-taken", project);
  // In sight once the day is read again with the time off in it, without a scroll.
  await expect(said).toBeInViewport();
  await expect(timeOff.getByLabel("Note (for the desk only)")).toHaveValue("");
  await expect(timeOff.getByLabel("From (time, Maryland)")).toHaveValue("12:00");
  await expect(timeOff.getByLabel("To (time, Maryland)")).toHaveValue("18:00");
  await expect(timeOff.getByLabel("Who", { exact: true })).toHaveValue("all");
});

/** Today in Maryland, moved on `days` days, as YYYY-MM-DD. */
const marylandDay = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

test("uploading a report says so beside the button that was pressed", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const { day, starts } = await deskDay(page, project);
  const reference = await book(
    page,
    starts[2]!,
    project,
    "Report",
    project === "phone" ? "410-555-7315" : "410-555-7316",
  );
  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await item.locator("summary").click();
  await item.getByRole("button", { name: "Confirm for the client" }).click();
  await expect(item.getByRole("status").filter({ hasText: "Confirmed" })).toBeInViewport();

  // The visit is made to have happened: moved back to a past day of its own (tests/e2e/desk-report.spec.ts
  // takes a week and eight days ago).
  const visitDay = marylandDay(project === "phone" ? -10 : -9);
  const back = Math.round((Date.parse(day) - Date.parse(visitDay)) / 86_400_000);
  await moveVisitBack(reference, back);
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  await expect(item).toContainText("(visit done)");
  await item.locator("summary").click();
  await uploadReport(item, 1, testInfo.outputPath("upload"));
  const said = page.getByRole("status").filter({ hasText: "Uploaded: the report is kept" });
  await expect(said).toBeVisible();
  await expect(item.getByLabel("Replace the report (PDF)")).toBeVisible();
  await shootScreen(page, "report-delivered", project);
  await expect(said).toBeInViewport();
});
