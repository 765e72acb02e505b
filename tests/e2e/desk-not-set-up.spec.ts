/**
 * A deploy given none of its settings, as Netlify runs one before the owner has set them: the
 * desk's page, which is the owner's, says what is missing in the owner's words and where to set it
 * (docs/deploy.md), and offers no sign-in that could not work; a visitor's form says only that
 * nothing can be taken, with the phone number, and names no setting.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { shotsDir } from "../support/e2e-env";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { openPage } from "../support/page";
import { contactMessage } from "../support/sample-requests";

let site: FunctionServer;

test.beforeAll(async () => {
  // Netlify's run-time SITE_ID makes the functions run as on Netlify (deploy-context.ts); the
  // production context, with no database, mail server or link key.
  site = await startFunctionServer({
    SITE_ID: "e2e-not-set-up",
    CONTEXT: "production",
    DATABASE_URL: "",
    SMTP_URL: "",
    BOOKING_LINK_SECRET: "",
  });
  // The functions' process answers once it has started, which a busy machine takes a while to do.
  await expect.poll(async () => (await fetch(`${site.url}/api/desk/session`)).status, { timeout: 60_000 }).toBe(503);
});

test.afterAll(() => site?.stop());

test("the desk names what the deploy lacks, in the owner's words, and where to set it; a visitor's form names none of it", async ({
  page,
}, testInfo) => {
  await openPage(page, `${site.url}/desk`);
  await expect(page.getByRole("heading", { name: "The desk cannot open" })).toBeVisible();
  const notice = page.getByRole("alert");
  await expect(notice).toContainText("This site is not set up yet, so the desk cannot open");
  await expect(notice).toContainText("DATABASE_URL: the database that keeps the bookings, requests and messages");
  await expect(notice).toContainText("SMTP_URL: the mail server that sends every e-mail");
  await expect(notice).toContainText("BOOKING_LINK_SECRET: the secret key that signs the links in the e-mails");
  await expect(notice).toContainText("Site configuration → Environment variables, for Production");
  await expect(notice).toContainText("docs/deploy.md");
  await expect(notice).not.toContainText("call us");
  await expect(page.getByRole("button", { name: "Send me a sign-in link" })).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.screenshot({
    path: path.join(shotsDir("deploy"), `desk-not-set-up-${testInfo.project.name === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });

  // A visitor's request to the same deploy: a sentence and the phone number, no setting named.
  const answer = await page.request.post(`${site.url}/api/contact`, {
    headers: { "content-type": "application/json", origin: site.url },
    data: contactMessage(),
  });
  expect(answer.status()).toBe(503);
  const text = await answer.text();
  expect(text).toMatch(
    /^This site cannot take requests right now\. Nothing was sent\. Please call us at [\d() .-]+\.$/,
  );
  expect(site.logs()).toMatch(/DATABASE_URL, SMTP_URL, BOOKING_LINK_SECRET not set for this production deploy/);
});
