/**
 * What the desk offers a booking as its day comes, and the client's own page: before the visit
 * the card says when the report's upload opens; a visit under way offers the report, the payment
 * and the signing link, never a cancel, a move or a hand-over the server would refuse; a booking
 * moved for the client is followed to its new day, opened there, with its new time said. The
 * client's page, from the client's own link, offers the agreement to sign and the agent's report.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { DAY_SLOTS } from "../support/booking";
import { inE2eDatabase, shootDesk, signInToDesk, startsAhead } from "../support/desk-page";
import { linkInConfirmation } from "../support/e2e-env";
import { openPage } from "../support/page";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";

test.describe.configure({ timeout: 180_000 });

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Today in Maryland, moved on `days` days, as YYYY-MM-DD. */
const marylandDay = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

test("the desk follows a booking from before its visit, through a move, to its visit under way; the client's own page asks the client", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const n = project === "phone" ? 51 : 50;
  const starts = await startsAhead(page);
  const days = [...new Set(starts.map((start) => start.slice(0, 10)))];
  const day = days[DAY_SLOTS.deskVisit + (project === "phone" ? 1 : 0)];
  expect(day, "a day of its own among the days with open times").toBeDefined();
  const [first, last] = [
    starts.find((start) => start.startsWith(day!))!,
    starts.filter((start) => start.startsWith(day!)).at(-1)!,
  ];
  const book = async (start: string, who: number, extra: Record<string, unknown> = {}) => {
    const answer = await page.request.post("/api/schedule", {
      data: bookingRequest(start, {
        ...SHORT_JOB,
        name: "Morgan Mover",
        email: `visit${n}${who}@example.com`,
        phone: `443-555-0${n}${who}`,
        street: `${n}${who} Visit Lane`,
        agentName: "",
        agentEmail: "",
        ...extra,
      }),
      headers: { "Idempotency-Key": `desk-visit-${project}-${who}-${Date.now()}` },
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { reference: string }).reference;
  };
  const started = await book(first, 1);
  const moved = await book(last, 2, {
    agentName: "Avery Agent",
    agentEmail: `avery${n}@example.com`,
    copyAgent: "yes",
  });

  await signInToDesk(page);
  await page.getByLabel("Day", { exact: true }).fill(day!);
  for (const reference of [started, moved]) {
    const item = page.getByTestId("desk-item").filter({ hasText: reference });
    await item.locator("summary").click();
    await item.getByRole("button", { name: "Confirm for the client" }).click();
    await expect(item).toContainText("(confirmed)");
  }
  // Before its visit: when the report's upload opens.
  const before = page.getByTestId("desk-item").filter({ hasText: moved });
  await expect(
    before
      .getByRole("definition")
      .filter({ hasText: /^not delivered yet: its upload opens here when the visit begins, \w+day, / }),
  ).toBeVisible();

  // Moved for the client to another day, outside the offered hours: the desk opens that day,
  // the booking opened there, and says its new time.
  // A week on, before the offered hours: a time no visitor could take.
  const newDay = new Date(Date.parse(`${day}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await before.getByLabel("Move to (Maryland time)").fill(`${newDay}T07:05`);
  await before.getByLabel("Outside the offered hours").check();
  await before.getByRole("button", { name: "Move for the client" }).click();
  const dayWords = new Date(`${newDay}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(page.getByRole("heading", { name: dayWords })).toBeVisible();
  const after = page.getByTestId("desk-item").filter({ hasText: moved });
  await expect(after.getByRole("status").filter({ hasText: /^Moved to / })).toHaveText(
    new RegExp(
      `^Moved to \\w+day, ${dayWords.split(", ")[1]}, \\d{4}, 7:05 am \\(Maryland time\\): the client and agent have their e-mail and the moved invite\\.$`,
    ),
  );
  await expect(after.locator("details")).toHaveAttribute("open", "");
  await expectAxeClean(page);
  await shootDesk(page, "after-move", project);

  // The other visit has begun (moved to five minutes ago, as if the clock had moved on): only what
  // applies to it is offered.
  // Each width's visit with an inspector of its own, as both are under way at once.
  await inE2eDatabase((db) =>
    db.query(
      `UPDATE bookings SET inspector = $3, start_at = start_at - moved.by,
         during = tstzrange(lower(during) - moved.by, upper(during) - moved.by)
       FROM (SELECT start_at - $2::timestamptz AS by FROM bookings WHERE reference = $1) AS moved
       WHERE reference = $1`,
      [started, new Date(Date.now() - 5 * 60_000).toISOString(), project === "phone" ? 1 : 2],
    ),
  );
  await page.getByLabel("Day", { exact: true }).fill(marylandDay());
  const underWay = page.getByTestId("desk-item").filter({ hasText: started });
  await underWay.locator("summary").click();
  await expect(underWay).toContainText("(confirmed)");
  for (const gone of [/^Cancel for the client$/, /^Hand to /, /^Move for the client$/, /^Resend the client/]) {
    await expect(underWay.getByRole("button", { name: gone })).toHaveCount(0);
  }
  await expect(underWay.getByRole("button", { name: "Resend the signing link" })).toBeVisible();
  await expect(underWay.getByRole("button", { name: "Upload the report" })).toBeVisible();
  await expect(
    underWay.getByRole("definition").filter({ hasText: "not delivered yet: upload it below" }),
  ).toBeVisible();
  await expectAxeClean(page);
  await shootDesk(page, "visit-under-way", project);

  // The client's own page: the agreement to read and sign, and whether the agent gets the report.
  await openPage(page, await linkInConfirmation(moved, "booking"));
  await expect(page.getByText("Not signed yet: please read and sign it before the visit.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read and sign the agreement" })).toHaveAttribute(
    "href",
    /^\/agreement\?token=/,
  );
  await expect(page.getByRole("heading", { name: "Your agent and the report" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({
      hasText: `Your agent (avery${n}@example.com) gets the booking's e-mails, and gets the report too only if you say so.`,
    }),
  ).toBeVisible();
  await expectAxeClean(page);
  await shootDesk(page, "client-page", project);
  await page.getByRole("button", { name: "Send the report to my agent too" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /gets the inspection report with you: you said so on / }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Keep the report to myself" })).toBeVisible();
  await shootDesk(page, "client-page-consented", project);
});
