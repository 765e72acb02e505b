/**
 * Paying online as a client does, against Stripe's stand-in (tests/support/stripe-stub-server.ts): the booking's
 * page offers "pay now", Stripe's page takes it and sends the client back, and the page says "paid" once the
 * signed event is recorded; a cancellation refunds it and the e-mail says how much and when; the desk records a
 * payment taken on site. Axe-clean at both widths; screenshots in reports/tmp/payments (ignored by git).
 */
import { moveVisitStart } from "../support/stored-booking";
import { statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { OFFICE, signInToDesk } from "../support/desk-page";
import { E2E_PAYMENTS_DATA, paymentsSite, shotsDir } from "../support/e2e-env";
import { openPage } from "../support/page";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { visitor } from "../support/schedule-form";
import { withDatabase } from "../../src/serve/database-access";
import { storedMail } from "../../src/lib/server/mail/deliveries";
import { formatCents } from "../../src/lib/text/format";

const inPaymentsDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0]) =>
  withDatabase(work, { ...process.env, DATA_DIR: E2E_PAYMENTS_DATA });

const shoot = (page: Page, name: string, project: string) =>
  page.screenshot({
    path: path.join(shotsDir("payments"), `${name}-${project === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });

/** The open starts of the short job in the month `monthsAhead` from this one, on `site` ("" for the main copy). */
async function openStarts(request: APIRequestContext, site: string, monthsAhead: number): Promise<string[]> {
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + monthsAhead, 1))
    .toISOString()
    .slice(0, 7);
  const answer = await request.get(`${site}/api/availability/${month}?${jobQuery(SHORT_JOB)}`);
  return ((await answer.json()) as { starts: string[] }).starts;
}

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test("book, pay on Stripe's page, come back to 'paid', then cancel and read the refund e-mail", async ({
  page,
  request,
}, info) => {
  // A whole journey (book, pay, return, cancel, the refund e-mail): 11 s beside two other workers.
  test.setTimeout(90_000);
  // The last open starts of the month after next: far enough ahead for the whole refund.
  const starts = await openStarts(request, paymentsSite, 2);
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
  // The dialog states the refund before the client confirms.
  await expect(page.getByRole("dialog")).toContainText(`All you paid, ${fee}, is refunded to your card.`);
  await shoot(page, "cancel-dialog", info.project.name);
  await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel it" }).click();
  await openPage(page, `${paymentsSite}${link.pathname}${link.search}`);
  // Cancelled, nothing is due: the refund is on its way, or made already (it is made right after the answer).
  const refunded = new RegExp(
    `^\\${fee.replace(".", "\\.")} (being )?refunded: all that was paid\\. Nothing is due\\.$`,
  );
  await expect(payment.getByText(refunded)).toBeVisible();
  await shoot(page, "booking-cancelled", info.project.name);

  // The client's cancellation e-mail and then the refund's, as the local mail view keeps them.
  const clientMails = () =>
    inPaymentsDatabase((db) =>
      db.query<{ subject: string; text: string }>(
        "SELECT mail->>'subject' AS subject, mail->>'text' AS text FROM deliveries WHERE mailbox = $1 ORDER BY created_at",
        [who.email],
      ),
    );
  await expect
    .poll(async () => (await clientMails()).map((mail) => mail.subject))
    .toEqual(expect.arrayContaining([expect.stringMatching(/is cancelled/), expect.stringMatching(/^Refund sent: /)]));
  const mails = await clientMails();
  const cancelled = mails.find((mail) => /is cancelled/.test(mail.subject))!;
  expect(cancelled.text).toContain(`We are refunding ${fee} to the card you paid with`);
  const sent = mails.find((mail) => /^Refund sent: /.test(mail.subject))!;
  expect(sent.text).toContain(`We sent a refund of ${fee}`);
  expect(sent.text).toContain("It reaches you in 5 to 10 business days.");
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
  const starts = await openStarts(request, "", 1);
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

test("the client opens the report from its e-mail once the agreement is signed and the fee paid on Stripe's page", async ({
  page,
  request,
}, info) => {
  // The booking, its confirmation, its report and the signature are made as the desk and the
  // signing page make them, through the site's own functions; the client's part is in the browser.
  const starts = await openStarts(request, paymentsSite, 2);
  const who = { ...visitor(), phone: `(410) 555-${visitor().phone.slice(-4)}` };
  const booked = await request.post(`${paymentsSite}/api/schedule`, {
    data: bookingRequest(starts.at(info.project.name === "phone" ? -5 : -7)!, { ...SHORT_JOB, ...who }),
  });
  expect(booked.status()).toBe(201);
  const { reference, quote } = (await booked.json()) as { reference: string; quote: { total: number } };
  const fee = formatCents(quote.total * 100);
  const mailText = async (to: string, pattern: RegExp) => {
    await expect
      .poll(async () =>
        (
          await inPaymentsDatabase((db) =>
            db.query<{ text: string }>(
              "SELECT mail->>'text' AS text FROM deliveries WHERE mailbox = $1 ORDER BY created_at DESC",
              [to],
            ),
          )
        ).some((row) => pattern.test(row.text)),
      )
      .toBe(true);
    const rows = await inPaymentsDatabase((db) =>
      db.query<{ text: string }>(
        "SELECT mail->>'text' AS text FROM deliveries WHERE mailbox = $1 ORDER BY created_at DESC",
        [to],
      ),
    );
    return rows.find((row) => pattern.test(row.text))!.text;
  };

  // The owner's desk on this copy of the site: a link to a desk mailbox, and its session. The two
  // widths run at once, so each signs in as a mailbox of its own (site.yaml's deskPeople lists the second).
  const deskMailbox = info.project.name === "phone" ? OFFICE : "frontdesk@severnridgeinspections.com";
  const desk = (action: string, data: Record<string, unknown>) =>
    request.post(`${paymentsSite}/api/desk/${action}`, { data, headers: { origin: paymentsSite } });
  expect((await desk("link", { email: deskMailbox })).status()).toBe(200);
  const signInMail = await mailText(deskMailbox, /desk\?signin=[A-Za-z0-9_-]+/);
  const signInToken = /desk\?signin=([A-Za-z0-9_-]+)/.exec(signInMail)![1]!;
  expect((await desk("sign-in", { token: signInToken })).status()).toBe(200);
  expect((await desk("confirm", { reference })).status()).toBe(200);
  // The visit has begun: its time moved to five minutes ago (a day more at the second width, whose
  // visit runs at the same moment and could have the same inspector), so the desk takes its report.
  const ago = (info.project.name === "phone" ? 0 : 24 * 60 * 60_000) + 5 * 60_000;
  await inPaymentsDatabase((db) => moveVisitStart(db, reference, new Date(Date.now() - ago)));
  const upload = (await (await desk("report-upload-link", { reference })).json()) as { key: string; url: string };
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(8192, 0x20), Buffer.from("\n%%EOF\n")]);
  const put = await request.put(`${paymentsSite}${upload.url}`, {
    data: pdf,
    headers: { "content-type": "application/pdf" },
  });
  expect(put.status()).toBe(200);
  expect((await desk("report-attach", { reference, key: upload.key })).status()).toBe(200);

  // The client signs from the confirmation's link.
  const confirmation = await mailText(who.email, /\/agreement\?token=/);
  const signing = new URL(/https?:\/\/\S+\/agreement\?token=[A-Za-z0-9._-]+/.exec(confirmation)![0]);
  const signed = await request.post(`${paymentsSite}/api/agreement`, {
    data: { token: signing.searchParams.get("token"), name: "Ann Client", consent: true },
  });
  expect(signed.status()).toBe(200);

  // The report's e-mail leads to its page: withheld, with the one step left and its button.
  const reportMail = await mailText(who.email, /\/report\?token=/);
  const reportLink = new URL(/https?:\/\/\S+\/report\?token=[A-Za-z0-9._-]+/.exec(reportMail)![0]);
  const reportPage = `${paymentsSite}${reportLink.pathname}${reportLink.search}`;
  await openPage(page, reportPage);
  await expect(page.getByText(`Pay the balance of the inspection fee. Still to pay: ${fee}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign the agreement" })).toHaveCount(0);
  await shoot(page, "report-withheld", info.project.name);
  await expectAxeClean(page);
  await page.getByRole("link", { name: `Pay the balance: ${fee}` }).click();
  await expect(page.getByRole("heading", { name: `Pay ${fee}` })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  // Paid from the report's page, Stripe brings the client back to it, and it gives the report.
  await page.waitForURL((url) => url.pathname === "/report" && url.searchParams.get("payment") === "paid");
  await expect(page.getByText("Your report is ready")).toBeVisible();
  await shoot(page, "report-paid", info.project.name);
  await expectAxeClean(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the report (PDF)" }).click();
  const file = await (await downloading).path();
  expect(statSync(file).size).toBe(pdf.length);
});
