/**
 * No money kept for a visit that is not going ahead, on PGlite and PostgreSQL with Stripe's stand-in: a payment
 * after a cancel or a lapsed hold is refunded whole and shown to the owner; a late event for a timely payment
 * keeps the booking; a second payment is given back; a delayed method counts once it succeeds; a refund comes
 * once, of the amount fixed when owed; the pay link makes one session; every figure agrees to the cent.
 */
import { send } from "../support/function-server";
import { bodyText, waitFor } from "../support/mailbox";
import { desk, deskEngines, deskGet, mailsTo, signIn } from "../support/desk-client";
import { FEED_SECRET, startPaymentsSite, type Booked, type PaymentsSite } from "../support/payments-site";
import Stripe from "stripe";
import { availability } from "../../src/lib/content/business-data";
import type { DeskDays } from "../../src/features/desk/shared/desk-item";
import type { DeskAttention } from "../../src/features/desk/shared/desk-attention";
import { formatCents } from "../../src/lib/text/format";
import { bookingsCsv } from "../../src/features/desk/server/bookings-csv";
import { seedPastBookings } from "../support/many-bookings";

const dollars = (cents: number) => formatCents(cents);

describe.each(deskEngines)("money for visits not going ahead, on %s", (_name, setup) => {
  let site: PaymentsSite;
  let cookie: string;
  beforeAll(async () => {
    site = await startPaymentsSite(await setup(), "money");
    cookie = await signIn(site.server.url, site.mailbox);
  });
  afterAll(async () => {
    await site?.stop();
  });

  const refundsOf = (booked: Booked) =>
    site.stripe.refunds.filter((refund) => refund.metadata.booking === booked.reference || isIntentOf(booked, refund));
  const isIntentOf = (booked: Booked, refund: { payment_intent: string }) =>
    [...site.stripe.sessions.values()].some(
      (session) => session.metadata.booking === booked.reference && session.payment_intent === refund.payment_intent,
    );
  const refundRows = (booked: Booked) =>
    site.query<{ amount_cents: number; stripe_id: string }>(
      "SELECT amount_cents, stripe_id FROM payments WHERE booking = $1 AND kind = 'refund' ORDER BY id",
      [booked.reference],
    );
  const attention = async () => JSON.parse((await deskGet(site.server.url, "attention", cookie)).body) as DeskAttention;
  const deskItem = async (booked: Booked) => {
    const start = (await site.bookingPage(booked.token)).start;
    const days = JSON.parse(
      (await deskGet(site.server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie)).body,
    ) as DeskDays;
    return days.items.find((each) => each.reference === booked.reference)!;
  };
  const csvRow = async (booked: Booked) => {
    const lines = (await deskGet(site.server.url, "csv", cookie)).body.split("\r\n");
    const header = JSON.parse(`[${lines[0]!}]`) as string[];
    const row = JSON.parse(`[${lines.find((line) => line.startsWith(`"${booked.reference}"`))!}]`) as string[];
    return Object.fromEntries(header.map((name, index) => [name, row[index]]));
  };
  const sessionsOf = (booked: Booked) =>
    [...site.stripe.sessions.values()].filter((session) => session.metadata.booking === booked.reference);
  const statusOf = async (booked: Booked) =>
    (await site.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [booked.reference]))[0]!
      .status;

  it("opens one Checkout Session however often, and at once, the pay link is opened, ending with the hold", async () => {
    const booked = await site.bookOne();
    const sessions = await Promise.all([1, 2, 3].map(() => site.checkoutAt(booked.payPath)));
    expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    expect(sessionsOf(booked)).toHaveLength(1);
    // Held until confirmed: the session lives as long as the hold, and never less than Stripe's 30 minutes.
    const [{ confirm_by }] = (await site.query<{ confirm_by: Date | null }>(
      "SELECT confirm_by FROM bookings WHERE reference = $1",
      [booked.reference],
    )) as [{ confirm_by: Date | null }];
    const expiresAt = sessions[0]!.expires_at * 1000;
    expect(expiresAt).toBeLessThanOrEqual(
      Math.max(Date.now() + 31 * 60_000, confirm_by ? new Date(confirm_by).getTime() : Infinity) + 1000,
    );
    expect(expiresAt).toBeGreaterThanOrEqual(Date.now() + 29 * 60_000);
    expect((await site.checkoutAt(booked.payPath)).id).toBe(sessions[0]!.id);
  });

  it("ends the open session when the booking is cancelled, and refunds in full a payment made anyway, telling the owner", async () => {
    const booked = await site.bookOne();
    const session = await site.checkoutAt(booked.payPath);
    await site.visitIn(booked.reference, availability.cancellation.refund.fullRefundHours + 48);
    expect((await site.cancel(booked)).status).toBe(200);
    await waitFor("the session ended at Stripe", () => site.stripe.sessions.get(session.id)!.status === "expired");
    // A tab that paid just before it ended: the payment reaches a cancelled booking.
    site.stripe.markPaid(session.id);
    expect((await site.stripe.deliver(site.stripe.completedEvent(session.id))).status).toBe(200);
    await waitFor("the refund", async () => (await refundRows(booked)).length === 1);
    expect(refundsOf(booked).map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    expect(await statusOf(booked)).toBe("cancelled");
    const page = await site.bookingPage(booked.token);
    expect(page.payment).toMatchObject({ state: "nothing-due", balanceCents: 0, dueCents: 0 });
    expect(page.payment.refundedCents).toBe(page.payment.paidCents);
    const listed = (await attention()).refunds.find((refund) => refund.reference === booked.reference)!;
    expect(listed.why).toContain("after the booking had been cancelled");
    expect(listed.amount).toBe(dollars(booked.quoteCents));
    expect(listed.standing).toMatch(/^refund sent on /);
    await waitFor("the client told", () => mailsTo(site.mailbox, booked.email, /Refund sent: /).length === 1);
    const told = bodyText(mailsTo(site.mailbox, booked.email, /Refund of /)[0]!.raw);
    expect(told).toContain(`reached us after the booking had been cancelled`);
  });

  it("refunds in full a payment made after the hold lapsed, telling the owner", async () => {
    const booked = await site.bookOne();
    const session = await site.checkoutAt(booked.payPath);
    await site.query("UPDATE bookings SET confirm_by = now() - interval '1 minute' WHERE reference = $1", [
      booked.reference,
    ]);
    site.stripe.markPaid(session.id);
    expect((await site.stripe.deliver(site.stripe.completedEvent(session.id))).status).toBe(200);
    await waitFor("the refund", async () => (await refundRows(booked)).length === 1);
    expect(refundsOf(booked).map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    expect(await statusOf(booked)).toBe("expired");
    const listed = (await attention()).refunds.find((refund) => refund.reference === booked.reference)!;
    expect(listed.why).toContain("its hold had ended");
  });

  it("keeps a booking paid in time whose event arrives after the hold lapsed and the sweep ended it", async () => {
    const booked = await site.bookOne();
    const session = await site.checkoutAt(booked.payPath);
    site.stripe.markPaid(session.id);
    // Paid ten minutes ago; the event is held back (the database was away), the hold ends, the sweep runs.
    const paidAt = Math.floor(Date.now() / 1000) - 600;
    const late = site.stripe.completedEvent(session.id, paidAt);
    await site.query("UPDATE bookings SET confirm_by = now() - interval '1 minute' WHERE reference = $1", [
      booked.reference,
    ]);
    await waitFor("the sweep to end the hold", async () => (await statusOf(booked)) === "expired");
    expect((await site.stripe.deliver(late)).status).toBe(200);
    expect(await statusOf(booked)).toBe("booked");
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({
      state: "paid",
      paidCents: booked.quoteCents,
      refundedCents: 0,
    });
    expect(refundsOf(booked)).toEqual([]);
  });

  it("keeps one of two payments made in two tabs and refunds the other, telling the owner", async () => {
    const booked = await site.bookOne();
    const first = await site.checkoutAt(booked.payPath);
    // A second session for the same booking, as a tab opened on the release before this one made.
    const second = await new Stripe("sk_test_stub", {
      host: "127.0.0.1",
      port: Number(new URL(site.stripe.url).port),
      protocol: "http",
    }).checkout.sessions.create({
      mode: "payment",
      client_reference_id: booked.reference,
      metadata: { booking: booked.reference },
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: booked.quoteCents, product_data: { name: "x" } } },
      ],
      success_url: "http://127.0.0.1/",
      cancel_url: "http://127.0.0.1/",
    });
    for (const id of [first.id, second.id]) {
      site.stripe.markPaid(id);
      expect((await site.stripe.deliver(site.stripe.completedEvent(id))).status).toBe(200);
    }
    await waitFor("the refund", async () => (await refundRows(booked)).length === 1);
    expect(refundsOf(booked).map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    const page = await site.bookingPage(booked.token);
    expect(page.payment).toMatchObject({
      state: "paid",
      paidCents: 2 * booked.quoteCents,
      refundedCents: booked.quoteCents,
      balanceCents: 0,
    });
    const listed = (await attention()).refunds.find((refund) => refund.reference === booked.reference)!;
    expect(listed.why).toContain("more than the fee");
    await waitFor("the second receipt", () => mailsTo(site.mailbox, booked.email, /Receipt: /).length === 2);
    const receipts = mailsTo(site.mailbox, booked.email, /Receipt: /).map((mail) => bodyText(mail.raw));
    expect(receipts.filter((text) => text.includes("more than was owed, so we are refunding"))).toHaveLength(1);
  });

  it("records a delayed payment once it succeeds, keeping the hold meanwhile", async () => {
    const booked = await site.bookOne();
    const session = await site.checkoutAt(booked.payPath);
    site.stripe.markPaid(session.id, { delayed: true });
    expect((await site.stripe.deliver(site.stripe.completedEvent(session.id))).status).toBe(200);
    expect(await statusOf(booked)).toBe("booked");
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({ state: "unpaid", paidCents: 0 });
    site.stripe.settle(session.id);
    const succeeded = site.stripe.event(
      "checkout.session.async_payment_succeeded",
      site.stripe.sessions.get(session.id),
    );
    expect((await site.stripe.deliver(succeeded)).status).toBe(200);
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({
      state: "paid",
      paidCents: booked.quoteCents,
      balanceCents: 0,
    });
    await waitFor("the receipt", () => mailsTo(site.mailbox, booked.email, /Receipt: /).length === 1);
  });

  it("cancels at once while Stripe does not answer, then makes the refund once", async () => {
    const booked = await site.bookOne();
    await site.pay(booked);
    await site.visitIn(booked.reference, availability.cancellation.refund.fullRefundHours + 48);
    const release = site.stripe.holdRefunds();
    const asksBefore = site.stripe.refundAsks();
    const answer = await site.cancel(booked);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { status: string }).status).toBe("cancelled");
    // Answered while the refund is still to make: it is owed, fixed at the whole payment.
    expect(refundsOf(booked)).toEqual([]);
    const owed = await site.query<{ amount_cents: number; made_at: Date | null }>(
      "SELECT amount_cents, made_at FROM refunds_owed WHERE booking = $1",
      [booked.reference],
    );
    expect(owed).toEqual([{ amount_cents: booked.quoteCents, made_at: null }]);
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({
      state: "nothing-due",
      refundingCents: booked.quoteCents,
    });
    await waitFor("the refund asked of Stripe", () => site.stripe.refundAsks() > asksBefore);
    release();
    await waitFor("the refund made", async () => (await refundRows(booked)).length === 1);
    expect(refundsOf(booked).map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({ refundingCents: 0 });
    await waitFor("the client told", () => mailsTo(site.mailbox, booked.email, /Refund sent: /).length === 1);
    expect(bodyText(mailsTo(site.mailbox, booked.email, /Refund sent: /)[0]!.raw)).toContain(
      `We sent a refund of ${dollars(booked.quoteCents)}`,
    );
  });

  it("refunds the amount fixed at the cancel when the visit's 72-hour line passes before the refund is made", async () => {
    const booked = await site.bookOne();
    await site.pay(booked);
    await site.visitIn(booked.reference, availability.cancellation.refund.fullRefundHours + 2);
    const release = site.stripe.holdRefunds();
    expect((await site.cancel(booked)).status).toBe(200);
    // Time passes the line before Stripe answers; a second cancel changes nothing.
    await site.query(
      "UPDATE bookings SET start_at = start_at - interval '4 hours', during = tstzrange(lower(during) - interval '4 hours', upper(during) - interval '4 hours') WHERE reference = $1",
      [booked.reference],
    );
    expect((await site.cancel(booked)).status).toBe(200);
    release();
    await waitFor("the refund made", async () => (await refundRows(booked)).length === 1);
    expect(refundsOf(booked).map((refund) => refund.amount)).toEqual([booked.quoteCents]);
    const stuck = await site.query("SELECT 1 FROM refunds_owed WHERE booking = $1 AND stuck_at IS NOT NULL", [
      booked.reference,
    ]);
    expect(stuck).toEqual([]);
  });

  it("counts a refund made in Stripe's dashboard, so a cancel refunds only what is left, once", async () => {
    for (const eventFirst of [true, false]) {
      const booked = await site.bookOne();
      const session = await site.pay(booked);
      const dashboard = site.stripe.refundInDashboard(session.payment_intent!, 10_000);
      const created = site.stripe.event("refund.created", dashboard);
      if (eventFirst) expect((await site.stripe.deliver(created)).status).toBe(200);
      await site.visitIn(booked.reference, availability.cancellation.refund.fullRefundHours + 48);
      const answer = await site.cancel(booked);
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as { status: string }).status).toBe("cancelled");
      await waitFor(
        "the cancel's refund",
        async () =>
          (
            await site.query("SELECT 1 FROM refunds_owed WHERE booking = $1 AND made_at IS NOT NULL", [
              booked.reference,
            ])
          ).length === 1,
      );
      if (!eventFirst) expect((await site.stripe.deliver(created)).status).toBe(200);
      const made = refundsOf(booked).map((refund) => refund.amount);
      expect(made.reduce((sum, amount) => sum + amount, 0)).toBe(booked.quoteCents);
      expect(made).toEqual([10_000, booked.quoteCents - 10_000]);
      expect((await site.bookingPage(booked.token)).payment).toMatchObject({
        state: "nothing-due",
        paidCents: booked.quoteCents,
        refundedCents: booked.quoteCents,
        refundingCents: 0,
      });
    }
  });

  it("records a payment taken on site once however often it is sent, and refuses amounts people do not write", async () => {
    const booked = await site.bookOne();
    const key = "press-0123456789abcdef";
    const body = { reference: booked.reference, method: "cash", amount: "$1,00.00", key };
    expect((await desk(site.server.url, "payment-taken", body, cookie)).status).toBe(400);
    for (const amount of ["$1,2,3", "1.234", "ten"]) {
      const refused = await desk(site.server.url, "payment-taken", { ...body, amount }, cookie);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Write the amount in dollars");
    }
    const answers = await Promise.all(
      [1, 2, 3].map(() => desk(site.server.url, "payment-taken", { ...body, amount: "$100.00" }, cookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const rows = await site.query("SELECT amount_cents FROM payments WHERE booking = $1", [booked.reference]);
    expect(rows).toEqual([{ amount_cents: 10_000 }]);
    await waitFor("the receipt", () => mailsTo(site.mailbox, booked.email, /Receipt: /).length === 1);
    expect((await site.bookingPage(booked.token)).payment).toMatchObject({ paidCents: 10_000 });
  });

  it("keeps what is owed on the booking whatever happens to its request record", async () => {
    const booked = await site.bookOne();
    expect(
      (
        await desk(
          site.server.url,
          "payment-taken",
          {
            reference: booked.reference,
            method: "check",
            amount: "100",
            key: "press-erasure-000000001",
          },
          cookie,
        )
      ).status,
    ).toBe(200);
    const before = (await site.bookingPage(booked.token)).payment;
    expect(before.balanceCents).toBe(booked.quoteCents - 10_000);
    // What an erasure or a rewrite of the request can do to it: the quote goes from the record.
    await site.query("UPDATE requests SET record = record - 'quote' WHERE reference = $1", [booked.reference]);
    expect((await site.bookingPage(booked.token)).payment).toEqual(before);
    expect((await deskItem(booked)).payment).toMatchObject({ balanceCents: before.balanceCents });
  });

  it("agrees to the cent on the page, the desk, the CSV, the feed and the e-mails after a late cancel", async () => {
    const booked = await site.bookOne();
    await site.pay(booked);
    await site.visitIn(booked.reference, availability.cancellation.cutoffHours + 6);
    const preview = (await site.bookingPage(booked.token)).cancelRefund!;
    const share = Math.floor((booked.quoteCents * availability.cancellation.refund.lateRefundPercent) / 100);
    expect(preview).toEqual({ refundedCents: share, keptCents: booked.quoteCents - share });
    expect((await site.cancel(booked)).status).toBe(200);
    await waitFor("the refund made", async () => (await refundRows(booked)).length === 1);
    const page = (await site.bookingPage(booked.token)).payment;
    expect(page).toMatchObject({
      state: "nothing-due",
      paidCents: booked.quoteCents,
      refundedCents: share,
      refundingCents: 0,
      balanceCents: 0,
      dueCents: 0,
    });
    const item = await deskItem(booked);
    expect(item.payment).toMatchObject({
      state: page.state,
      paidCents: page.paidCents,
      refundedCents: page.refundedCents,
      balanceCents: 0,
    });
    const row = await csvRow(booked);
    expect(row).toMatchObject({
      payment: "nothing due",
      fee: (booked.quoteCents / 100).toFixed(2),
      paid: (booked.quoteCents / 100).toFixed(2),
      refunded: (share / 100).toFixed(2),
      kept: ((booked.quoteCents - share) / 100).toFixed(2),
      balance: "0.00",
    });
    const cancelled = bodyText(mailsTo(site.mailbox, booked.email, /is cancelled/)[0]!.raw);
    expect(cancelled).toContain(
      `We are refunding ${dollars(share)} to the card you paid with (${dollars(booked.quoteCents - share)} is kept under our cancellation policy)`,
    );
    await waitFor("the refund e-mail", () => mailsTo(site.mailbox, booked.email, /Refund sent: /).length === 1);
    expect(bodyText(mailsTo(site.mailbox, booked.email, /Refund sent: /)[0]!.raw)).toContain(
      `We sent a refund of ${dollars(share)}`,
    );
    const feed = await send(`${site.server.url}/api/calendar/${FEED_SECRET}.ics`, { method: "GET" });
    expect(feed.status).toBe(200);
    expect(feed.body.replace(/\r\n /g, "")).toContain(
      `Payment: ${dollars(share)} refunded\\; ${dollars(booked.quoteCents - share)} kept under the cancellation policy. Nothing is due.`,
    );
    // Nothing to pay: the pay link offers nothing.
    expect((await send(`${site.server.url}${booked.payPath}`, { method: "GET" })).status).toBe(409);
  });

  it("writes the CSV of 5,000 bookings in as many queries as the CSV of one", async () => {
    const made = await site.withDb((db) => seedPastBookings(db, 5000));
    expect(made).toBe(5000);
    const written = (from: Date, to: Date) =>
      site.withDb(async (db) => {
        let queries = 0;
        const counting = {
          ...db,
          query: (sql: string, params?: readonly unknown[]) => ((queries += 1), db.query(sql, params)),
        };
        const csv = await bookingsCsv(counting as typeof db, Date.now(), { from, to });
        return { queries, rows: csv.split("\r\n").filter(Boolean).length - 1 };
      });
    const hour = 60 * 60 * 1000;
    const one = await written(new Date(Date.now() - 3 * hour), new Date(Date.now() - hour));
    const all = await written(new Date(Date.now() - 10_001 * hour), new Date(Date.now() - hour));
    expect(one.rows).toBe(1);
    expect(all.rows).toBe(5000);
    expect(all.queries).toBe(one.queries);
  });
});
