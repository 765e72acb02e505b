/**
 * The inspection agreement from the visitor's side: a booking is made, its kept confirmation's
 * signing link is opened, the agreement is signed in the browser, and the database, both PDFs
 * (read back with pdf.js) and the owner's feed agree on the name, the time and the
 * version. Screenshots of the agreement, the signed page and the e-mails go to reports/tmp/shots-33
 * (or AGREEMENT_SHOTS) at the width of each project, 390 and 1280 px.
 */
import { expect, test } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withDatabase } from "../../src/serve/database-access";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { storedMail } from "../../src/lib/server/mail/deliveries";
import type { MailMessage } from "../../src/lib/server/mail/mailer";
import { axeViolations, describeViolations } from "../support/axe";
import { DAY_SLOTS, nextMonth } from "../support/booking";
import { E2E_FEED_SECRET, e2eEnv, linkInConfirmation, shotsDir } from "../support/e2e-env";
import { openPage } from "../support/page";
import { pdfText } from "../support/pdf-text";

const SHOTS = process.env.AGREEMENT_SHOTS ?? shotsDir("shots-33");
test("the client signs the agreement from the link in the kept confirmation; the database, both PDFs and the owner's feed agree", async ({
  page,
  request,
}, testInfo) => {
  // A whole journey (book, confirm, sign, two PDFs, the feed): 12 s beside two other workers.
  test.setTimeout(90_000);
  const width = page.viewportSize()!.width;
  mkdirSync(SHOTS, { recursive: true });
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  const n = testInfo.project.name === "phone" ? 7101 : 7102;
  const slot = DAY_SLOTS.agreement + (testInfo.project.name === "phone" ? 1 : 0);
  const month = async (at: string) =>
    ((await (await request.get(`/api/availability/${at}?${jobQuery(SHORT_JOB)}`)).json()) as { starts: string[] })
      .starts;
  const start = [...(await month(new Date().toISOString().slice(0, 7))), ...(await month(nextMonth()))].at(-1 - slot)!;
  const booked = await request.post("/api/schedule", {
    data: bookingRequest(start, {
      ...SHORT_JOB,
      name: "Sam Signer",
      email: `sam${n}@example.com`,
      phone: `(410) 555-${n}`,
      street: `${n} Agreement Way`,
    }),
  });
  expect(booked.status()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };

  await openPage(page, await linkInConfirmation(reference, "agreement"));
  await expect(page.getByRole("heading", { level: 1, name: "Inspection agreement" })).toBeVisible();
  const agreement = page.getByRole("article", { name: "Inspection agreement" });
  await expect(agreement).toContainText("Sam Signer");
  await expect(agreement).toContainText(`${n} Agreement Way`);
  await expect(agreement).toContainText("COMAR 09.36.07");
  // The page names no version: its reader is the client (the signed copy's PDF names it).
  await expect(page.getByText(/[0-9a-f]{12}/)).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await shot("agreement");

  // Nothing typed: each problem is named beside its field, and the name takes the focus.
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByText("Full name: type your full name to sign.")).toBeVisible();
  await expect(page.getByText("Consent: tick the box to agree to sign electronically.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await page.getByLabel("Full name").fill("Sam Q. Signer");
  await page.getByRole("checkbox", { name: /sign this agreement electronically/ }).check();
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByRole("heading", { name: "Agreement signed" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Agreement signed" })).toContainText("Sam Q. Signer");
  await shot("signed");
  const signedAtText = (await page.locator("dt", { hasText: "When" }).locator("+ dd").textContent())!;

  const [row] = await withDatabase(
    (db) =>
      db.query<{ signer_name: string; signed_at: Date; version: string }>(
        "SELECT signer_name, signed_at, version FROM agreements WHERE booking = $1",
        [reference],
      ),
    e2eEnv(),
  );
  expect(row!.signer_name).toBe("Sam Q. Signer");
  const { version } = row!;
  expect(version).toMatch(/^[0-9a-f]{12}$/);
  const signedAt = new Date(row!.signed_at).toISOString();

  const messages = await withDatabase(
    (db) =>
      db.query<{ message: string }>(
        "SELECT message FROM deliveries WHERE reference = $1 AND message LIKE 'agreement-%' ORDER BY message",
        [reference],
      ),
    e2eEnv(),
  );
  expect(messages.map((entry) => entry.message.replace(/^agreement-[0-9a-f]+-/, ""))).toEqual(["business", "client"]);
  const mails = (await withDatabase(
    (db) =>
      Promise.all(["confirmation", ...messages.map((entry) => entry.message)].map((m) => storedMail(db, reference, m))),
    e2eEnv(),
  )) as Array<MailMessage & { from: string }>;
  // The client's PDF is kept beside the screenshots, to be opened in a reader.
  writeFileSync(path.join(SHOTS, `signed-${width}.pdf`), Buffer.from(mails[2]!.attachments![0]!.base64, "base64"));
  for (const mail of mails.slice(1)) {
    const text = pdfText(mail.attachments![0]!.base64);
    expect(text).toContain("Signed electronically by Sam Q. Signer");
    expect(text).toContain(signedAt);
    expect(text).toContain(`agreement version ${version}`);
  }

  // The page's own client: `request` has sat idle through the signing, long enough for the server
  // to close its kept-alive socket just as it is reused (a CI run met ECONNRESET here).
  const feed = await page.request.get(`/api/calendar/${E2E_FEED_SECRET}.ics`);
  expect(feed.status()).toBe(200);
  expect((await feed.text()).replace(/\r\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1")).toContain(
    `Agreement signed by Sam Q. Signer on ${signedAtText} [${signedAt}], version ${version}.`,
  );

  // The e-mails as a mail program shows plain text: the confirmation and the two signed copies.
  for (const [index, name] of ["confirmation", "signed-business", "signed-client"].entries()) {
    const mail = mails[index]!;
    const files = (mail.attachments ?? []).map((file) => `Attached: ${file.filename}`).join("\n");
    await page.setContent(
      `<main style="font-family: sans-serif; padding: 16px"><p><b>To:</b> ${mail.to}<br><b>Subject:</b> ${mail.subject}</p><pre style="white-space: pre-wrap; font-size: 14px"></pre></main>`,
    );
    await page.locator("pre").evaluate((pre, text) => (pre.textContent = text), `${mail.text}\n\n${files}`);
    await shot(`mail-${name}`);
  }
});
