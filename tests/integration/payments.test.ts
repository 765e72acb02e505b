/**
 * Payments online against the built site, on PGlite and PostgreSQL, with Stripe's stand-in and a real SMTP
 * server: the Checkout Session asks the server's own quote; only a signed, fresh event records a payment, once;
 * a cancellation refunds exactly the policy's amount, once, even when two race, and the e-mail says how much and
 * when; a move keeps the payment. Without the Stripe settings the site says "pay at the inspection".
 */
import { startFunctionServer, send, type FunctionServer } from "../support/function-server";
import type { StripeStub } from "../support/stripe-stub";
import { getJson, startDispenser } from "../support/start-dispenser";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { desk, DESK_SECRETS, deskEngines, deskGet, mailsTo, signIn, visitors } from "../support/desk-client";
import { startPaymentsSite, type Booked, type PaymentsSite } from "../support/payments-site";
import type { DeskDays } from "../../src/features/desk/shared/desk-item";
import { SHORT_JOB } from "../support/sample-requests";
import { availability } from "../../src/lib/content/business-data";
import type { ManagedBooking } from "../../src/features/booking/shared/managed-booking";

const { book, lastEmail } = visitors("payer-off");

describe.each(deskEngines)("payments online on %s", (_name, setup) => {
  let site: PaymentsSite;
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stripe: StripeStub;
  beforeAll(async () => {
    site = await startPaymentsSite(await setup());
    ({ mailbox, server, stripe } = site);
  });
  afterAll(async () => {
    await site?.stop();
  });

  const query = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => site.query<T>(sql, params);
  const bookOne = () => site.bookOne();
  const bookingPage = (token: string) => site.bookingPage(token);
  const checkout = (booked: Booked, extra = "") => site.checkoutAt(`${booked.payPath}${extra}`);
  const checkoutAt = (path: string) => site.checkoutAt(path);
  const pay = (booked: Booked) => site.pay(booked);
  const visitIn = (reference: string, hours: number) => site.visitIn(reference, hours);
  const cancel = (booked: Booked) => site.cancel(booked);
  const refundsMade = async (booked: Booked, count: number) =>
    waitFor(`${count} refunds made`, async () => {
      const rows = await query<{ n: number }>(
        "SELECT count(*)::int AS n FROM payments WHERE booking = $1 AND kind = 'refund'",
        [booked.reference],
      );
      return rows[0]!.n === count;
    });

  const postEvent = (payload: string, signature?: string) =>
    send(`${server.url}/api/stripe-webhook`, {
      body: payload,
      contentType: "application/json; charset=utf-8",
      headers: signature ? { "stripe-signature": signature } : {},
    });

  it("asks Stripe for the server's own quote, for the client, whatever the address carries", async () => {
    const booked = await bookOne();
    const session = await checkout(booked, "&amount=1&unit_amount=1&price=1");
    expect(session.amount_total).toBe(booked.quoteCents);
    expect(session.client_reference_id).toBe(booked.reference);
    expect(session.metadata.booking).toBe(booked.reference);
    expect(session.customer_email).toBe(booked.email);
    expect(session.success_url).toContain(`/booking?token=${encodeURIComponent(booked.token)}&payment=paid`);
    // The return alone proves nothing: still unpaid until the webhook says so.
    expect((await bookingPage(booked.token)).payment.state).toBe("unpaid");
    await waitFor("the confirmation", () => mailsTo(mailbox, booked.email, /Please confirm/).length === 1);
    const confirmation = bodyText(mailsTo(mailbox, booked.email, /Please confirm/)[0]!.raw);
    expect(confirmation).toContain("/api/pay?token=");
  });

  it("records a paid session from its signed event, once, and e-mails the client a receipt", async () => {
    const booked = await bookOne();
    const session = await pay(booked);
    const page = await bookingPage(booked.token);
    expect(page.payment).toMatchObject({ state: "paid", paidCents: booked.quoteCents, balanceCents: 0, dueCents: 0 });
    // Paying kept the held time, as "Keep this time" would.
    expect(page.status).toBe("booked");
    await waitFor(
      "the confirmed e-mail",
      () => mailsTo(mailbox, booked.email, /Subject: Your inspection is confirmed/).length === 1,
    );
    await waitFor("the receipt", () => mailsTo(mailbox, booked.email, /Receipt: /).length === 1);
    const receipt = bodyText(mailsTo(mailbox, booked.email, /Receipt: /)[0]!.raw);
    expect(receipt).toContain(booked.reference);
    expect(receipt).toContain("Severn Ridge Home Inspections");
    expect(receipt).toContain("Nothing more is due.");

    // The same event again, and another event of the same session: the payment counts once.
    const again = stripe.completedEvent(session.id);
    expect((await postEvent(again, stripe.signature(again))).status).toBe(200);
    expect((await postEvent(again, stripe.signature(again))).status).toBe(200);
    expect((await bookingPage(booked.token)).payment.paidCents).toBe(booked.quoteCents);
    const rows = await query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE booking = $1", [
      booked.reference,
    ]);
    expect(rows[0]!.n).toBe(1);
    // Nothing left to pay: the link leads back to the booking's page.
    const link = await send(`${server.url}${booked.payPath}`, { method: "GET" });
    expect(link.status).toBe(303);
    expect(String(link.headers.location)).toContain("/booking?token=");
  });

  it("refuses a forged, unsigned or stale event, and changes nothing", async () => {
    const booked = await bookOne();
    const session = await checkout(booked);
    stripe.markPaid(session.id);
    const payload = stripe.completedEvent(session.id);
    expect((await postEvent(payload)).status).toBe(400);
    expect((await postEvent(payload, stripe.signature(payload, { secret: "whsec_someoneelse" }))).status).toBe(400);
    const stale = stripe.signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postEvent(payload, stale)).status).toBe(400);
    // Signed for another body: the amount cannot be changed on the way.
    const altered = payload.replace(`"amount_total":${booked.quoteCents}`, '"amount_total":1');
    expect((await postEvent(altered, stripe.signature(payload))).status).toBe(400);
    expect((await bookingPage(booked.token)).payment).toMatchObject({ state: "unpaid", paidCents: 0 });
    const events = await query<{ n: number }>("SELECT count(*)::int AS n FROM payment_events WHERE id = $1", [
      (JSON.parse(payload) as { id: string }).id,
    ]);
    expect(events[0]!.n).toBe(0);
  });

  it("refunds all that was paid when cancelled before the policy's window, once, and says so", async () => {
    const booked = await bookOne();
    await pay(booked);
    await visitIn(booked.reference, availability.cancellation.refund.fullRefundHours + 24);
    expect((await cancel(booked)).status).toBe(200);
    expect((await cancel(booked)).status).toBe(200);
    await refundsMade(booked, 1);
    const mine = stripe.refunds.filter((refund) => refund.metadata.booking === booked.reference);
    expect(mine.map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    expect((await bookingPage(booked.token)).payment).toMatchObject({
      state: "nothing-due",
      refundedCents: booked.quoteCents,
      balanceCents: 0,
    });
    await waitFor("the cancellation", () => mailsTo(mailbox, booked.email, /is cancelled/).length === 1);
    const mail = bodyText(mailsTo(mailbox, booked.email, /is cancelled/)[0]!.raw);
    expect(mail).toContain(`We are refunding $${(booked.quoteCents / 100).toFixed(2)} to the card you paid with`);
    expect(mail).toContain(availability.cancellation.refund.reachesYouIn);
  });

  it("refunds the policy's share inside its window, once, when two cancels race", async () => {
    const booked = await bookOne();
    await pay(booked);
    await visitIn(booked.reference, availability.cancellation.cutoffHours + 6);
    const answers = await Promise.all([cancel(booked), cancel(booked), cancel(booked)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const share = Math.floor((booked.quoteCents * availability.cancellation.refund.lateRefundPercent) / 100);
    await refundsMade(booked, 1);
    const mine = stripe.refunds.filter((refund) => refund.metadata.booking === booked.reference);
    expect(mine.map((refund) => refund.amount)).toEqual([share]);
    const owed = await query("SELECT amount_cents FROM refunds_owed WHERE booking = $1", [booked.reference]);
    expect(owed).toEqual([{ amount_cents: share }]);
    // Cancelled, it owes nothing: the page names what was refunded and what the policy kept.
    expect((await bookingPage(booked.token)).payment).toMatchObject({
      state: "nothing-due",
      refundedCents: share,
      balanceCents: 0,
    });
  });

  it("records a payment taken on site and resends the pay-now link from the desk; the desk, CSV and page agree to the cent", async () => {
    const cookie = await signIn(server.url, mailbox);
    const booked = await bookOne();
    const taken = await desk(
      server.url,
      "payment-taken",
      { reference: booked.reference, method: "cash", amount: "100", key: "press-taken-00000001" },
      cookie,
    );
    expect(taken.status).toBe(200);
    const refused = await desk(
      server.url,
      "payment-taken",
      { reference: booked.reference, method: "cash", amount: "-5", key: "press-taken-00000002" },
      cookie,
    );
    expect(refused.status).toBe(400);
    const page = (await bookingPage(booked.token)).payment;
    expect(page).toMatchObject({ state: "part-paid", paidCents: 10_000, balanceCents: booked.quoteCents - 10_000 });
    await waitFor("the receipt", () => mailsTo(mailbox, booked.email, /Receipt: \$100\.00/).length === 1);
    expect(bodyText(mailsTo(mailbox, booked.email, /Receipt: /)[0]!.raw)).toContain("$100.00 (cash)");

    expect((await desk(server.url, "resend-pay", { reference: booked.reference }, cookie)).status).toBe(200);
    await waitFor("the pay-now e-mail", () => mailsTo(mailbox, booked.email, /Pay for your inspection/).length === 1);
    const payNow = bodyText(mailsTo(mailbox, booked.email, /Pay for your inspection/)[0]!.raw);
    expect(payNow).toContain(`$${((booked.quoteCents - 10_000) / 100).toFixed(2)} is due`);
    const link = /\/api\/pay\?token=[A-Za-z0-9._-]+/.exec(payNow)![0];
    expect((await checkoutAt(link)).amount_total).toBe(booked.quoteCents - 10_000);

    const start = (await bookingPage(booked.token)).start;
    const days = JSON.parse(
      (await deskGet(server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie)).body,
    ) as DeskDays;
    const item = days.items.find((each) => each.reference === booked.reference)!;
    expect(item.payment).toMatchObject({
      state: page.state,
      quotedCents: page.quotedCents,
      paidCents: page.paidCents,
      balanceCents: page.balanceCents,
    });
    const csv = (await deskGet(server.url, "csv", cookie)).body.split("\r\n");
    expect(csv[0]).toContain('"payment","fee","paid","refunded","kept","balance"');
    const row = csv.find((line) => line.startsWith(`"${booked.reference}"`))!;
    expect(row).toContain(
      `"part paid","${(booked.quoteCents / 100).toFixed(2)}","100.00","0.00","100.00","${((booked.quoteCents - 10_000) / 100).toFixed(2)}"`,
    );
  });

  it("keeps the payment when the booking is moved", async () => {
    const booked = await bookOne();
    await pay(booked);
    const answer = await send(`${server.url}/api/booking`, {
      body: JSON.stringify({ token: booked.token, action: "move", start: site.nextStart() }),
      contentType: "application/json",
    });
    expect(answer.status).toBe(200);
    expect((await bookingPage(booked.token)).payment).toMatchObject({ state: "paid", paidCents: booked.quoteCents });
    expect(stripe.refunds.filter((refund) => refund.metadata.booking === booked.reference)).toEqual([]);
  });
});

describe("with payments switched off", () => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it("asks nothing online and says the client pays at the inspection", async () => {
    const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
    const answer = await book(server.url, nextStart());
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.body) as { reference: string; booking: { pay?: unknown } };
    expect(body.booking.pay).toBeUndefined();
    await waitFor("the confirmation", () => mailsTo(mailbox, lastEmail(), /Please confirm/).length === 1);
    const confirmation = bodyText(mailsTo(mailbox, lastEmail(), /Please confirm/)[0]!.raw);
    expect(confirmation).toContain("Payment: you pay at the inspection.");
    expect(confirmation).not.toContain("/api/pay");
    const token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(confirmation)![1]!;
    const page = (await getJson(`${server.url}/api/booking?token=${token}`)).body as ManagedBooking;
    expect(page.payment).toMatchObject({ state: "not-asked", dueCents: 0 });
    expect((await send(`${server.url}/api/pay?token=${token}`, { method: "GET" })).status).toBe(409);
    expect(
      (await send(`${server.url}/api/stripe-webhook`, { body: "{}", contentType: "application/json" })).status,
    ).toBe(404);
  });
});
