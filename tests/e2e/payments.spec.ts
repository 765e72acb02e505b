/**
 * Paying online, as a client does it, on the copy of the site that takes payments (against Stripe's
 * stand-in, tests/support/stripe-stub-server.ts): the booking's page offers "pay now", Stripe's page
 * takes the payment and sends the client back, and the page says "paid" once the signed event has
 * been recorded; a cancellation then refunds it, and the client's e-mail says how much and when.
 * And the desk records a payment taken on site. Axe-clean at both widths; screenshots of the
 * booking's page unpaid and paid, the refund e-mail and the desk's payment controls, in
 * reports/tmp/payments (ignored by git).
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { signInToDesk } from "../support/desk-page";
import { E2E_PAYMENTS_DATA, paymentsSite, shotsDir } from "../support/e2e-env";
import { openPage } from "../support/page";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { visitor } from "../support/schedule-form";
import { withDatabase } from "../../src/serve/database-access";
import { lastMailTo, storedMail } from "../../src/lib/server/mail/deliveries";
import { formatCents } from "../../src/lib/format";

const inPaymentsDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0]) =>
  withDatabase(work, { ...process.env, DATA_DIR: E2E_PAYMENTS_DATA });

const shoot = (page: Page, name: string, project: string) =>
  page.screenshot({
    path: path.join(shotsDir("payments"), `${name}-${project === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test("book, pay on Stripe's page, come back to 'paid', then cancel and read the refund e-mail", async ({
  page,
  request,
}, info) => {
  // The last open starts of the month after next: far enough ahead for the whole refund.
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1))
    .toISOString()
    .slice(0, 7);
  const starts = (
    (await (await request.get(`${paymentsSite}/api/availability/${month}?${jobQuery(SHORT_JOB)}`)).json()) as {
      starts: string[];
    }
  ).starts;
  const start = starts.at(info.project.name === "phone" ? -1 : -3)!;
  const who = { ...visitor(), phone: `(410) 555-${visitor().phone.slice(-4)}` };
  const booked = await request.post(`${paymentsSite}/api/schedule`, {
    data: bookingRequest(start, { ...SHORT_JOB, ...who }),
  });
  expect(booked.status()).toBe(201);
  const { reference, quote } = (await booked.json()) as { reference: string; quote: { total: number } };
  const fee = formatCents(quote.total * 100);
  const confirmation = await inPaymentsDatabase((db) => storedMail(db, reference, "confirmation"));
  const link = new URL(/https?:\/\/\S+\/booking\?token=[A-Za-z0-9._-]+/.exec(confirmation!.text)![0]);
  expect(confirmation!.text).toContain(`Pay now: ${fee} online`);

  await openPage(page, `${paymentsSite}${link.pathname}${link.search}`);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByText(`Not paid yet: ${fee}.`)).toBeVisible();
  await shoot(page, "booking-unpaid", info.project.name);
  await expectAxeClean(page);

  await payment.getByRole("link", { name: `Pay ${fee} now` }).click();
  await expect(page.getByRole("heading", { name: `Pay ${fee}` })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/booking" && url.searchParams.get("payment") === "paid");
  await expect(payment.getByText(`Paid in full: ${fee}.`)).toBeVisible();
  await expect(payment.getByRole("link", { name: /^Pay / })).toHaveCount(0);
  await shoot(page, "booking-paid", info.project.name);
  await expectAxeClean(page);

  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel it" }).click();
  await openPage(page, `${paymentsSite}${link.pathname}${link.search}`);
  await expect(payment.getByText(`Refunded: ${fee} of the ${fee} paid.`)).toBeVisible();

  // The client's cancellation e-mail, as the local mail view keeps it.
  await expect
    .poll(async () => (await inPaymentsDatabase((db) => lastMailTo(db, who.email, "client")))?.text ?? "")
    .toContain(`We are refunding ${fee} to the card you paid with`);
  const mail = (await inPaymentsDatabase((db) => lastMailTo(db, who.email, "client")))!;
  expect(mail.text).toContain("It reaches you in 5 to 10 business days.");
  // The local mail view is the server's own page, not one of the site's: nothing to hydrate.
  await page.goto(`${paymentsSite}/_mail`);
  await page
    .getByRole("listitem")
    .filter({ hasText: `to ${who.email}` })
    .getByRole("link", { name: /is cancelled/ })
    .first()
    .click();
  await expect(page.getByText(`We are refunding ${fee}`)).toBeVisible();
  await shoot(page, "refund-email", info.project.name);
});

test("the desk records a payment taken on site, and the booking reads paid @phone", async ({ page, request }, info) => {
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 7);
  const starts = (
    (await (await request.get(`/api/availability/${month}?${jobQuery(SHORT_JOB)}`)).json()) as { starts: string[] }
  ).starts;
  const start = starts.at(-7)!;
  const who = { ...visitor(), phone: `(410) 555-${visitor().phone.slice(-4)}` };
  const booked = await request.post("/api/schedule", { data: bookingRequest(start, { ...SHORT_JOB, ...who }) });
  expect(booked.status()).toBe(201);
  const { reference, quote } = (await booked.json()) as { reference: string; quote: { total: number } };
  const fee = formatCents(quote.total * 100);

  await signInToDesk(page);
  await openPage(page, `/desk?day=${start.slice(0, 10)}&booking=${encodeURIComponent(reference)}`);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await expect(item.getByText("Paid at the inspection.")).toBeVisible();
  const form = item.getByRole("form", { name: `Payment of ${reference}` });
  await form.getByLabel("Taken on site by").selectOption("check");
  await expect(form.getByLabel("Amount ($)")).toHaveValue(quote.total.toFixed(2));
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(item.getByText(`Paid in full: ${fee}.`)).toBeVisible();
  // Read from the top, as the page opens: scrolled, the sticky header lies over the item's buttons.
  await page.evaluate(() => window.scrollTo(0, 0));
  await item.screenshot({
    path: path.join(shotsDir("payments"), `desk-payment-${info.project.name === "phone" ? 390 : 1280}.png`),
  });
  await expectAxeClean(page);
});
