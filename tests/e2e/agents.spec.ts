/**
 * An agent on /agent at 390 and 1280 px: signs in by the e-mailed link, books for a client from the page,
 * and follows that booking as the client confirms, signs and shares the report, which the agent downloads
 * (recorded); a signing link sent again goes to the client; the desk lists the agent. Each state is
 * axe-clean and shot at the project's width.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";
import { inE2eDatabase, signInToDesk } from "../support/desk-page";
import { moveVisitStart } from "../support/stored-booking";
import { linkInConfirmation, shotsDir } from "../support/e2e-env";
import { openPage } from "../support/page";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { fillProperty, next, visitor } from "../support/schedule-form";

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const shoot = (page: Page, view: string, project: string) =>
  page.screenshot({
    path: path.join(shotsDir("agents"), `agent-${view}-${project === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });

/** The sign-in link e-mailed (kept, as the test site has no SMTP) to `agent`, its path and query. */
async function agentLink(agent: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const [row] = await inE2eDatabase((db) =>
        db.query<{ text: string }>(
          "SELECT mail->>'text' AS text FROM deliveries WHERE message = 'agentLink' AND mail->>'to' = $1 ORDER BY number DESC LIMIT 1",
          [agent],
        ),
      );
      text = row?.text;
      return Boolean(text);
    })
    .toBe(true);
  const url = new URL(/https?:\/\/\S+\/agent\?signin=[A-Za-z0-9_-]+/.exec(text!)![0]);
  return `${url.pathname}${url.search}`;
}

const card = (page: Page, reference: string) => page.getByRole("listitem").filter({ hasText: reference });

test("an agent signs in, books for a client, and follows that booking to confirmed, signed and the report shared", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const n = visitor().phone.slice(-4);
  const agent = `ann.agent${n}@realty.example`;

  // A client's booking that copies the agent: what lets the agent sign in at all.
  const month = async (at: string) =>
    ((await (await request.get(`/api/availability/${at}?${jobQuery(SHORT_JOB)}`)).json()) as { starts: string[] })
      .starts;
  // In the month after next, past the days the other tests book (the calendar's first 50 days with
  // open times, and the last starts of the next two months).
  const later = new Date();
  later.setUTCDate(1);
  later.setUTCMonth(later.getUTCMonth() + 2);
  const start = (await month(later.toISOString().slice(0, 7))).at(-3 - (project === "phone" ? 0 : 2))!;
  expect(start).toBeTruthy();
  const seeded = await request.post("/api/schedule", {
    data: bookingRequest(start, {
      ...SHORT_JOB,
      name: "Casey Client",
      email: `casey${n}@example.com`,
      phone: `(410) 555-${n}`,
      street: `${n} Agent Way`,
      agentName: "Ann Agent",
      agentEmail: agent,
      agentPhone: "(410) 555-7000",
      copyAgent: "yes",
    }),
  });
  expect(seeded.status()).toBe(201);
  const first = ((await seeded.json()) as { reference: string }).reference;

  // Signing in: the link is e-mailed; the page it opens signs in only on the button.
  await openPage(page, "/agent");
  await expect(page.getByRole("heading", { level: 1, name: "Your clients' inspections" })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, "sign-in", project);
  await page.getByLabel("E-mail address").fill(agent);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await agentLink(agent));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(`Signed in as ${agent}.`)).toBeVisible();
  await expect(card(page, first)).toContainText("Casey Client");
  await expect(card(page, first)).toContainText(`${n} Agent Way`);
  await expect(card(page, first)).toContainText("held until");
  await expectAxeClean(page);
  await shoot(page, "page", project);

  // Booking for a client: the schedule form, the agent's details filled in.
  await page.getByRole("link", { name: "Book for a client" }).click();
  await expect(page).toHaveURL(/\/schedule\?/);
  await next(page);
  await fillProperty(page);
  await page.getByLabel("Street address").fill(`${n} Buyer Lane`);
  await next(page);
  await chooseOpenTime(page, DAY_SLOTS.agentBooks, project);
  await next(page);
  await expect(page.getByRole("checkbox", { name: "I'm the buyer's agent, booking for my client" })).toBeChecked();
  await expect(page.getByLabel("Your name (agent)")).toHaveValue("Ann Agent");
  await expect(page.getByLabel("Your e-mail (agent)")).toHaveValue(agent);
  await expect(page.getByLabel("Your phone (agent)")).toHaveValue("(410) 555-7000");
  const client = `bea${n}@example.com`;
  await page.getByLabel("Client's name").fill("Bea Buyer");
  await page.getByLabel("Client's e-mail").fill(client);
  await page.getByLabel("Client's phone").fill(`(443) 555-${n}`);
  await page.getByLabel("How did you hear about us?").selectOption("search");
  await next(page);
  await page.getByRole("button", { name: "Book this time" }).click();
  const said = page.getByText(/SR-[A-Z0-9-]+/).first();
  await expect(said).toBeVisible();
  const reference = /SR-[A-Z0-9-]+/.exec((await said.textContent())!)![0];

  // On the agent's page: held for the client to confirm, not signed.
  await openPage(page, "/agent");
  const booked = card(page, reference);
  await expect(booked).toContainText("Bea Buyer");
  await expect(booked).toContainText("held until");
  await expect(booked).toContainText(/Agreement signed\s*not yet/);

  // The signing link sent again goes to the client.
  await booked.getByRole("button", { name: "Send the client the signing link again" }).click();
  await expect(booked.getByRole("status")).toHaveText("Sent to your client's own address.");
  const [resent] = await inE2eDatabase((db) =>
    db.query<{ to: string }>(
      `SELECT d.mail->>'to' AS to FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
       WHERE r.record->>'booking' = $1 AND d.mail->>'text' LIKE '%/agreement?token=%' ORDER BY d.number DESC LIMIT 1`,
      [reference],
    ),
  );
  expect(resent?.to).toBe(client);

  // The client confirms and signs, from the links e-mailed to them; the agent's page follows.
  await openPage(page, await linkInConfirmation(reference));
  await page.getByRole("button", { name: "Keep this time" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Booking confirmed" })).toBeVisible();
  await openPage(page, await linkInConfirmation(reference, "agreement"));
  await page.getByLabel("Full name").fill("Bea Buyer");
  await page.getByRole("checkbox", { name: /sign this agreement electronically/ }).check();
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByRole("heading", { name: "Agreement signed" })).toBeVisible();
  await openPage(page, "/agent");
  await expect(card(page, reference)).toContainText(/Where it stands\s*confirmed/);
  await expect(card(page, reference)).toContainText(/Agreement signed\s*yes/);
  await expect(card(page, reference).getByRole("button", { name: /signing link/ })).toHaveCount(0);
  await expectAxeClean(page);
  await shoot(page, "followed", project);

  // The client shares the report on their booking's page; the visit happens; the office uploads it.
  await openPage(page, await linkInConfirmation(reference));
  await page.getByRole("button", { name: "Send the report to my agent too" }).click();
  await expect(page.getByText(/gets the inspection report with you/)).toBeVisible();
  // The visit made to have happened, on a past day of its own (20 days ago, the desktop's 23).
  const ago = (project === "phone" ? 20 : 23) * 24 * 60 * 60 * 1000;
  await inE2eDatabase((db) => moveVisitStart(db, reference, new Date(Date.now() - ago)));
  await signInToDesk(page);
  const origin = new URL(page.url()).origin;
  const deskPost = async (action: string, data: object) => {
    const answer = await page.request.post(`/api/desk/${action}`, { data, headers: { origin } });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as { key: string; url: string };
  };
  const { key, url } = await deskPost("report-upload-link", { reference });
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x20), Buffer.from("\n%%EOF\n")]);
  expect((await page.request.put(url, { data: pdf, headers: { "Content-Type": "application/pdf" } })).status()).toBe(
    200,
  );
  await deskPost("report-attach", { reference, key });

  // Shared, and released to the client (signed, paid at the inspection): the agent downloads it, recorded.
  await openPage(page, "/agent");
  const done = card(page, reference);
  await expect(done).toContainText(/Where it stands\s*inspected/);
  await expect(done).toContainText(/Report\s*ready/);
  const download = page.waitForEvent("download");
  await done.getByRole("link", { name: "Download the report" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  // The whole file arrived: a download cut short would have no path.
  expect(await file.path()).toBeTruthy();
  const [downloads] = await inE2eDatabase((db) =>
    db.query<{ count: string }>("SELECT count(*) AS count FROM report_downloads WHERE booking = $1 AND who = 'agent'", [
      reference,
    ]),
  );
  expect(Number(downloads!.count)).toBe(1);
  await expectAxeClean(page);
  await shoot(page, "report", project);

  // The owner sees who sends the work.
  await openPage(page, "/desk");
  await page.getByRole("button", { name: "Agents", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: agent });
  await expect(row).toContainText("Ann Agent");
  await expect(row.getByRole("cell").last()).toHaveText("1");
  await expectAxeClean(page);
  await shoot(page, "desk-agents", project);
});
