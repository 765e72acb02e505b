/**
 * The functions as Netlify deploys them (tests/support/netlify-functions.ts), one process per request gone once
 * it has answered, against PostgreSQL and a real SMTP server: a booking's whole journey (open times, booking and
 * e-mails, confirming and signing from the links, the feed, a message, each scheduled function), payment through
 * Stripe's stand-in and the report through a bucket on loopback. (Settings given or denied:
 * netlify-bundles-settings.test.ts.)
 */
import { moveVisitStart } from "../support/stored-booking";
import type { DeskDays } from "../../src/features/desk/shared/desk-item";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { openStartsOf } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";
import { postJson, send } from "../support/function-server";
import { bodyText } from "../support/mailbox";
import { desk, OFFICE } from "../support/desk-client";
import { startReportBucket, type ReportBucket } from "../support/report-bucket";
import { FEED_SECRET, netlifyDeployForTests } from "../support/netlify-deploy";

const deploy = netlifyDeployForTests();
const { bundle, mailsTo, count, scheduled } = deploy;
let starts: string[] = [];

/** Whether a bundle holds pg's pool: compiled into one of its files, or its package under node_modules. */
function holdsDriver(dir: string): boolean {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).some(
    (file) =>
      file.endsWith(path.join("node_modules", "pg-pool", "index.js")) ||
      (file.endsWith(".js") &&
        !file.includes("node_modules") &&
        readFileSync(path.join(dir, file), "utf8").includes("class Pool extends EventEmitter")),
  );
}

const tokenIn = (text: string, page: "agreement" | "booking") =>
  new RegExp(`/${page}\\?token=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? null;

describe("every function from its own bundle", () => {
  it("bundles the database driver into each function that opens the database", () => {
    const expected = [
      "agent-action-js",
      "agreement-js",
      "availability-month-js",
      "booking-js",
      "calendar-file-js",
      "contact-js",
      "desk-action-js",
      "editor-step-js",
      "enforce-retention",
      "pay-js",
      "privacy-data-js",
      "privacy-js",
      "reminders-js",
      "report-file-js",
      "report-js",
      "retry-deliveries",
      "schedule-js",
      "stripe-webhook-js",
    ];
    expect(deploy.bundles.map((each) => each.name).sort()).toEqual(expected);
    expect(bundle("retry-deliveries").schedule).toBe("* * * * *");
    expect(bundle("enforce-retention").schedule).toBe("@daily");
    // pg's pool, inside the bundle: compiled into the function's own file, or as a package beside it.
    // The editor's sign-in opens it too: it keeps the sign-in states already used.
    const withoutDriver = deploy.bundles.filter((each) => !holdsDriver(each.dir)).map((each) => each.name);
    expect(withoutDriver).toEqual([]);
  });

  it("takes a booking whose e-mails are sent before the function answers, then confirms, signs, feeds and runs the schedules", async () => {
    // The open times, from the availability function's bundle.
    starts = await openStartsOf(deploy.front.url, SHORT_JOB);
    expect(starts.length).toBeGreaterThan(1);

    const email = "netlify.client@example.com";
    const booked = await postJson(
      `${deploy.front.url}/api/schedule`,
      bookingRequest(starts[0]!, { ...SHORT_JOB, name: "Nell Client", email, heardFrom: "search" }),
      undefined,
      { "Idempotency-Key": randomUUID() },
    );
    expect({ status: booked.status, body: booked.body }).toMatchObject({ status: 201 });
    const { reference } = JSON.parse(booked.body) as { reference: string };
    // The function's process ended as it answered: its e-mails had already left.
    const confirmation = mailsTo(email).map((message) => bodyText(message.raw));
    expect(confirmation).toHaveLength(1);
    expect(deploy.mailbox.messages.filter((message) => bodyText(message.raw).includes(reference)).length).toBe(2);
    const states = await deploy.db.query<{ message: string; state: string }>(
      "SELECT message, state FROM deliveries WHERE reference = $1 ORDER BY message",
      [reference],
    );
    expect(states).toEqual([
      { message: "business", state: "sent" },
      { message: "confirmation", state: "sent" },
    ]);
    // The links lead to this deploy, and work there.
    expect(confirmation[0]).toContain(`${deploy.front.url}/booking?token=`);
    const manage = tokenIn(confirmation[0]!, "booking")!;
    const confirmed = await postJson(`${deploy.front.url}/api/booking`, { token: manage, action: "confirm" });
    expect({ status: confirmed.status, body: confirmed.body }).toMatchObject({ status: 200 });
    const [booking] = await deploy.db.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [
      reference,
    ]);
    expect(booking).toEqual({ status: "booked" });

    const sign = tokenIn(confirmation[0]!, "agreement")!;
    const signed = await send(`${deploy.front.url}/api/agreement`, {
      body: JSON.stringify({ token: sign, name: "Nell Client", consent: true }),
      contentType: "application/json",
    });
    expect({ status: signed.status, body: signed.body }).toMatchObject({ status: 200 });
    expect(await count("agreements")).toBe(1);
    // The signed copy reached the client before the answer, with its PDF.
    const signedMail = mailsTo(email)
      .map((message) => bodyText(message.raw))
      .find((text) => /signed/i.test(text));
    expect(signedMail).toMatch(/application\/pdf/);

    const feed = await send(`${deploy.front.url}/api/calendar/${FEED_SECRET}.ics`, { method: "GET" });
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
      new Date(starts[0]!).toISOString(),
    ]);

    const message = await postJson(
      `${deploy.front.url}/api/contact`,
      contactMessage({ email: "netlify.writer@example.com" }),
    );
    expect(message.status).toBe(201);
    expect(mailsTo("netlify.writer@example.com")).toHaveLength(1);

    // The scheduled functions, invoked as Netlify's scheduler does.
    const retry = await scheduled("retry-deliveries");
    expect({ status: retry.statusCode, body: retry.body }).toEqual({ status: 200, body: "Due deliveries tried." });
    // It had the site store the reminders, through the site's own function and the scheduler's token.
    expect(deploy.front.logs.filter((log) => log.startsWith("[reminders-js] POST /api/reminders -> 200"))).toHaveLength(
      1,
    );
    const retention = await scheduled("enforce-retention");
    expect(retention.statusCode).toBe(200);
    expect(retention.body).toMatch(/^Deleted: \{/);
    expect(await count("retention_runs")).toBe(1);
  }, 120_000);

  it("opens Stripe's page from the pay bundle, records the signed event from the webhook bundle, and refunds a cancellation", async () => {
    const email = "netlify.payer@example.com";
    const booked = await postJson(
      `${deploy.front.url}/api/schedule`,
      bookingRequest(starts.at(-1)!, { ...SHORT_JOB, name: "Pat Payer", email, heardFrom: "search" }),
      undefined,
      { "Idempotency-Key": randomUUID() },
    );
    expect(booked.status).toBe(201);
    const { reference, booking, quote } = JSON.parse(booked.body) as {
      reference: string;
      quote: { total: number };
      booking: { pay: { path: string; cents: number } };
    };
    const link = await send(`${deploy.front.url}${booking.pay.path}&amount=1`, { method: "GET" });
    expect(link.status).toBe(303);
    const session = deploy.stripe.sessions.get(/\/pay\/(cs_\w+)$/.exec(String(link.headers.location))![1]!)!;
    expect(session.amount_total).toBe(quote.total * 100);
    // The Pay button: the signed event goes through the webhook's bundle, its raw body intact.
    const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const [payment] = await deploy.db.query<{ amount_cents: number }>(
      "SELECT amount_cents FROM payments WHERE booking = $1 AND kind = 'payment'",
      [reference],
    );
    expect(payment?.amount_cents).toBe(quote.total * 100);
    const forged = deploy.stripe.completedEvent(session.id);
    const refused = await send(`${deploy.front.url}/api/stripe-webhook`, {
      body: forged,
      contentType: "application/json",
      headers: { "stripe-signature": deploy.stripe.signature(forged, { secret: "whsec_forged" }) },
    });
    expect(refused.status).toBe(400);
    const token = new URLSearchParams(booking.pay.path.split("?")[1]).get("token")!;
    const cancelled = await postJson(`${deploy.front.url}/api/booking`, { token, action: "cancel" });
    expect(cancelled.status).toBe(200);
    const refundsOf = () => deploy.stripe.refunds.filter((refund) => refund.metadata.booking === reference);
    // The function's process ends as it answers: the refund owed is made by the scheduled pass, once.
    expect(refundsOf()).toHaveLength(0);
    for (let run = 0; run < 2; run += 1) {
      const pass = await scheduled("retry-deliveries");
      expect({ status: pass.statusCode, body: pass.body }).toEqual({ status: 200, body: "Due deliveries tried." });
    }
    expect(refundsOf().map((refund) => refund.amount)).toEqual([quote.total * 100]);
  }, 120_000);
});

describe("the report from its bundles", () => {
  let bucket: ReportBucket;
  beforeAll(async () => {
    bucket = await startReportBucket(["*"]);
  });
  afterAll(async () => {
    for (const name of Object.keys(bucket.env)) delete deploy.production[name];
    await bucket?.stop();
  });

  it("says reports are not switched on without a bucket, then takes the owner's upload straight to the bucket and gives the signed client the report", async () => {
    // The desk's sign-in link leaves with the scheduled delivery pass: a function is frozen once it has answered.
    expect((await desk(deploy.front.url, "link", { email: OFFICE })).status).toBe(200);
    await scheduled("retry-deliveries");
    const link = mailsTo(OFFICE)
      .map((message) => bodyText(message.raw))
      .find((text) => /desk\?signin=/.test(text))!;
    const signedIn = await desk(deploy.front.url, "sign-in", { token: /desk\?signin=([A-Za-z0-9_-]+)/.exec(link)![1] });
    expect(signedIn.status).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;

    const email = "netlify.report@example.com";
    const booked = await postJson(
      `${deploy.front.url}/api/schedule`,
      bookingRequest(starts[1]!, { ...SHORT_JOB, name: "Rita Report", email, heardFrom: "search" }),
      undefined,
      { "Idempotency-Key": randomUUID() },
    );
    const { reference } = JSON.parse(booked.body) as { reference: string };
    const confirmation = bodyText(mailsTo(email)[0]!.raw);
    expect(
      (
        await postJson(`${deploy.front.url}/api/booking`, {
          token: tokenIn(confirmation, "booking"),
          action: "confirm",
        })
      ).status,
    ).toBe(200);
    await moveVisitStart(deploy.db, reference, new Date(Date.now() - 60 * 60_000));

    const session = await send(`${deploy.front.url}/api/desk/session`, { method: "GET", headers: { cookie } });
    expect(JSON.parse(session.body)).toMatchObject({
      reportsOff: expect.stringMatching(/^Reports are not switched on for this site: set REPORTS_S3_BUCKET/),
    });
    const off = await desk(deploy.front.url, "report-upload-link", { reference }, cookie);
    expect(off.status).toBe(503);
    expect(off.body).toMatch(/^Reports are not switched on for this site: set REPORTS_S3_BUCKET/);

    Object.assign(deploy.production, bucket.env);
    const upload = await desk(deploy.front.url, "report-upload-link", { reference }, cookie);
    expect(upload.status).toBe(200);
    const { key, url } = JSON.parse(upload.body) as { key: string; url: string };
    expect(url.startsWith(`${bucket.env.REPORTS_S3_ENDPOINT}/reports/uploads/${reference}/`)).toBe(true);
    const pdf = Buffer.from("%PDF-1.7\n% a report\n%%EOF\n");
    expect(
      (await fetch(url, { method: "PUT", body: new Uint8Array(pdf), headers: { "Content-Type": "application/pdf" } }))
        .status,
    ).toBe(200);
    const attached = await desk(deploy.front.url, "report-attach", { reference, key }, cookie);
    expect({ status: attached.status, body: attached.body }).toMatchObject({ status: 200 });
    // Kept under a key of its own, which no upload link names; the upload has left the bucket.
    expect(await bucket.keys()).toEqual([expect.stringMatching(new RegExp(`^${reference}/[A-Za-z0-9_-]{22}\\.pdf$`))]);

    // The e-mail left before the desk's answer; its page withholds the report until the client signs.
    const mail = mailsTo(email)
      .map((message) => bodyText(message.raw))
      .find((text) => text.includes("/report?token="))!;
    const token = /\/report\?token=([A-Za-z0-9._-]+)/.exec(mail)![1]!;
    const page = async () =>
      JSON.parse((await send(`${deploy.front.url}/api/report?token=${token}`, { method: "GET" })).body) as {
        state: string;
      };
    expect(await page()).toMatchObject({ state: "withheld", missing: [{ what: "sign" }, { what: "pay" }] });
    const signed = await postJson(`${deploy.front.url}/api/agreement`, {
      token: tokenIn(confirmation, "agreement"),
      name: "Rita Report",
      consent: true,
    });
    expect(signed.status).toBe(200);
    // This deploy takes payment online: the fee still stands between the client and the report
    // until the owner records it (here, taken on site for what the desk says is owed).
    expect(await page()).toMatchObject({ state: "withheld", missing: [{ what: "pay" }] });
    const visitDay = new Date(Date.now() - 2 * 60 * 60_000).toLocaleDateString("en-CA", {
      timeZone: "America/New_York",
    });
    const days = await send(`${deploy.front.url}/api/desk/days?from=${visitDay}&days=2`, {
      method: "GET",
      headers: { cookie },
    });
    const owed = (JSON.parse(days.body) as DeskDays).items.find((item) => item.reference === reference)!.payment!;
    const amount = (owed.balanceCents / 100).toFixed(2);
    expect(
      (
        await desk(
          deploy.front.url,
          "payment-taken",
          { reference, method: "cash", amount, key: "press-bundle-payment-1" },
          cookie,
        )
      ).status,
    ).toBe(200);
    expect(await page()).toMatchObject({ state: "ready" });
    const sent = await send(`${deploy.front.url}/api/report?token=${token}&download=1`, { method: "GET" });
    expect(sent.status).toBe(303);
    const file = await fetch(String(sent.headers.location));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await count("report_downloads")).toBe(1);
  }, 120_000);
});
