/**
 * The functions as Netlify deploys them (tests/support/netlify-functions.ts): bundled from the
 * built site by Netlify's own bundler, each unzipped with nothing above it and run as Lambda
 * runs it, one process per request that is gone the moment it has answered; against a real
 * PostgreSQL and a real SMTP server on loopback. A booking's whole journey goes through them:
 * open times, the booking and its e-mails (there by the time the answer is, since nothing runs
 * after it), confirming and signing from the e-mailed links, the owner's feed, a message, and
 * each scheduled function. Then what a deploy without its settings, or a preview handed
 * production's database, answers: a sentence, a log line naming the setting, nothing stored.
 */
import { moveVisitStart } from "../support/stored-booking";
import type { DeskDays } from "../../src/lib/desk/desk-item";
import { parseSetCookie } from "cookie";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import pg from "pg";
import { openStartsOf } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { postJson, send } from "../support/function-server";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { bodyText, startMailbox, type Mailbox } from "../support/mailbox";
import { startStripeStub, type StripeStub } from "../support/stripe-stub";
import { desk, OFFICE } from "../support/desk-client";
import { startReportBucket, type ReportBucket } from "../support/report-bucket";
import {
  bundleFunctions,
  eventOf,
  invoke,
  startNetlifyFront,
  type BundledFunction,
  type NetlifyFront,
} from "../support/netlify-functions";

const SECRET = "bundle-test-link-key";
const FEED = "bundle-test-feed";

let bundles: BundledFunction[];
let postgres: PostgresServer;
let mailbox: Mailbox;
let stripe: StripeStub;
let front: NetlifyFront;
let db: Database;
/** The settings of a production deploy, as an owner sets them in Netlify's UI (docs/deploy.md). */
let production: Record<string, string>;
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

const bundle = (name: string) => bundles.find((each) => each.name === name)!;
const mailsTo = (address: string) => mailbox.messages.filter((message) => message.to.includes(address));
const tokenIn = (text: string, page: "agreement" | "booking") =>
  new RegExp(`/${page}\\?token=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? null;
const count = async (table: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

beforeAll(async () => {
  bundles = bundleFunctions();
  [postgres, mailbox, stripe] = await Promise.all([startPostgres(), startMailbox(), startStripeStub()]);
  front = await startNetlifyFront(bundles, (url) => {
    production = {
      DATABASE_URL: postgres.url,
      SMTP_URL: mailbox.url,
      BOOKING_LINK_SECRET: SECRET,
      CALENDAR_FEED_SECRET: FEED,
      RATE_LIMIT_MAX: "1000",
      STRIPE_SECRET_KEY: "sk_test_stub",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // The deploy context Netlify's build writes into each bundle; this suite's build ran without
      // one, so it stands in at run time (a bundle that has none opens nothing: below).
      CONTEXT: "production",
      // Netlify's own, in every function it runs.
      SITE_ID: "6f1b0a52-test-site",
      SITE_NAME: "severn-ridge",
      URL: url,
      SITE_URL: url,
    };
    stripe.webhookUrl = `${url}/api/stripe-webhook`;
    return production;
  });
  // The tests' own reading of the database: a process of no deploy context, which claims none.
  db = await openDatabase({ DATABASE_URL: postgres.url });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await front?.stop();
  await mailbox?.stop();
  await stripe?.stop();
  await postgres?.stop();
});

describe("every function from its own bundle", () => {
  it("bundles the database driver into each function that opens the database", () => {
    const expected = [
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
    expect(bundles.map((each) => each.name).sort()).toEqual(expected);
    expect(bundle("retry-deliveries").schedule).toBe("* * * * *");
    expect(bundle("enforce-retention").schedule).toBe("@daily");
    // pg's pool, inside the bundle: compiled into the function's own file, or as a package beside it.
    // The editor's sign-in opens it too: it keeps the sign-in states already used.
    const withoutDriver = bundles.filter((each) => !holdsDriver(each.dir)).map((each) => each.name);
    expect(withoutDriver).toEqual([]);
  });

  it("takes a booking whose e-mails are sent before the function answers, then confirms, signs, feeds and runs the schedules", async () => {
    // The open times, from the availability function's bundle.
    starts = await openStartsOf(front.url, SHORT_JOB);
    expect(starts.length).toBeGreaterThan(1);

    const email = "netlify.client@example.com";
    const booked = await postJson(
      `${front.url}/api/schedule`,
      bookingRequest(starts[0]!, { ...SHORT_JOB, name: "Nell Client", email, heardFrom: "search" }),
      undefined,
      { "Idempotency-Key": randomUUID() },
    );
    expect({ status: booked.status, body: booked.body }).toMatchObject({ status: 201 });
    const { reference } = JSON.parse(booked.body) as { reference: string };
    // The function's process ended as it answered: its e-mails had already left.
    const confirmation = mailsTo(email).map((message) => bodyText(message.raw));
    expect(confirmation).toHaveLength(1);
    expect(mailbox.messages.filter((message) => bodyText(message.raw).includes(reference)).length).toBe(2);
    const states = await db.query<{ message: string; state: string }>(
      "SELECT message, state FROM deliveries WHERE reference = $1 ORDER BY message",
      [reference],
    );
    expect(states).toEqual([
      { message: "business", state: "sent" },
      { message: "confirmation", state: "sent" },
    ]);
    // The links lead to this deploy, and work there.
    expect(confirmation[0]).toContain(`${front.url}/booking?token=`);
    const manage = tokenIn(confirmation[0]!, "booking")!;
    const confirmed = await postJson(`${front.url}/api/booking`, { token: manage, action: "confirm" });
    expect({ status: confirmed.status, body: confirmed.body }).toMatchObject({ status: 200 });
    const [booking] = await db.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [
      reference,
    ]);
    expect(booking).toEqual({ status: "booked" });

    const sign = tokenIn(confirmation[0]!, "agreement")!;
    const signed = await send(`${front.url}/api/agreement`, {
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

    const feed = await send(`${front.url}/api/calendar/${FEED}.ics`, { method: "GET" });
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
      new Date(starts[0]!).toISOString(),
    ]);

    const message = await postJson(`${front.url}/api/contact`, contactMessage({ email: "netlify.writer@example.com" }));
    expect(message.status).toBe(201);
    expect(mailsTo("netlify.writer@example.com")).toHaveLength(1);

    // The scheduled functions, invoked as Netlify's scheduler does.
    const scheduled = (name: string) =>
      invoke(
        bundle(name),
        eventOf(
          "POST",
          new URL(`${front.url}/.netlify/functions/${name}`),
          { "content-type": "application/json", "x-nf-event": "schedule" },
          Buffer.from(JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() })),
        ),
        production,
      );
    const retry = await scheduled("retry-deliveries");
    expect({ status: retry.statusCode, body: retry.body }).toEqual({ status: 200, body: "Due deliveries tried." });
    // It had the site store the reminders, through the site's own function and the scheduler's token.
    expect(front.logs.filter((log) => log.startsWith("[reminders-js] POST /api/reminders -> 200"))).toHaveLength(1);
    const retention = await scheduled("enforce-retention");
    expect(retention.statusCode).toBe(200);
    expect(retention.body).toMatch(/^Deleted: \{/);
    expect(await count("retention_runs")).toBe(1);
  }, 120_000);

  it("opens Stripe's page from the pay bundle, records the signed event from the webhook bundle, and refunds a cancellation", async () => {
    const email = "netlify.payer@example.com";
    const booked = await postJson(
      `${front.url}/api/schedule`,
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
    const link = await send(`${front.url}${booking.pay.path}&amount=1`, { method: "GET" });
    expect(link.status).toBe(303);
    const session = stripe.sessions.get(/\/pay\/(cs_\w+)$/.exec(String(link.headers.location))![1]!)!;
    expect(session.amount_total).toBe(quote.total * 100);
    // The Pay button: the signed event goes through the webhook's bundle, its raw body intact.
    const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const [payment] = await db.query<{ amount_cents: number }>(
      "SELECT amount_cents FROM payments WHERE booking = $1 AND kind = 'payment'",
      [reference],
    );
    expect(payment?.amount_cents).toBe(quote.total * 100);
    const forged = stripe.completedEvent(session.id);
    const refused = await send(`${front.url}/api/stripe-webhook`, {
      body: forged,
      contentType: "application/json",
      headers: { "stripe-signature": stripe.signature(forged, { secret: "whsec_forged" }) },
    });
    expect(refused.status).toBe(400);
    const token = new URLSearchParams(booking.pay.path.split("?")[1]).get("token")!;
    const cancelled = await postJson(`${front.url}/api/booking`, { token, action: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.metadata.booking === reference)).toHaveLength(1);
  }, 120_000);
});

describe("the report from its bundles", () => {
  let bucket: ReportBucket;
  beforeAll(async () => {
    bucket = await startReportBucket(["*"]);
  });
  afterAll(async () => {
    for (const name of Object.keys(bucket.env)) delete production[name];
    await bucket?.stop();
  });
  const scheduled = (name: string) =>
    invoke(
      bundle(name),
      eventOf(
        "POST",
        new URL(`${front.url}/.netlify/functions/${name}`),
        { "content-type": "application/json", "x-nf-event": "schedule" },
        Buffer.from(JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() })),
      ),
      production,
    );

  it("says reports are not switched on without a bucket, then takes the owner's upload straight to the bucket and gives the signed client the report", async () => {
    // The desk's sign-in link leaves with the scheduled delivery pass: a function is frozen once it has answered.
    expect((await desk(front.url, "link", { email: OFFICE })).status).toBe(200);
    await scheduled("retry-deliveries");
    const link = mailsTo(OFFICE)
      .map((message) => bodyText(message.raw))
      .find((text) => /desk\?signin=/.test(text))!;
    const signedIn = await desk(front.url, "sign-in", { token: /desk\?signin=([A-Za-z0-9_-]+)/.exec(link)![1] });
    expect(signedIn.status).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;

    const email = "netlify.report@example.com";
    const booked = await postJson(
      `${front.url}/api/schedule`,
      bookingRequest(starts[1]!, { ...SHORT_JOB, name: "Rita Report", email, heardFrom: "search" }),
      undefined,
      { "Idempotency-Key": randomUUID() },
    );
    const { reference } = JSON.parse(booked.body) as { reference: string };
    const confirmation = bodyText(mailsTo(email)[0]!.raw);
    expect(
      (await postJson(`${front.url}/api/booking`, { token: tokenIn(confirmation, "booking"), action: "confirm" }))
        .status,
    ).toBe(200);
    await moveVisitStart(db, reference, new Date(Date.now() - 60 * 60_000));

    const session = await send(`${front.url}/api/desk/session`, { method: "GET", headers: { cookie } });
    expect(JSON.parse(session.body)).toMatchObject({
      reportsOff: expect.stringMatching(/^Reports are not switched on for this site: set REPORTS_S3_BUCKET/),
    });
    const off = await desk(front.url, "report-upload-link", { reference }, cookie);
    expect(off.status).toBe(503);
    expect(off.body).toMatch(/^Reports are not switched on for this site: set REPORTS_S3_BUCKET/);

    Object.assign(production, bucket.env);
    const upload = await desk(front.url, "report-upload-link", { reference }, cookie);
    expect(upload.status).toBe(200);
    const { key, url } = JSON.parse(upload.body) as { key: string; url: string };
    expect(url.startsWith(`${bucket.env.REPORTS_S3_ENDPOINT}/reports/${reference}/`)).toBe(true);
    const pdf = Buffer.from("%PDF-1.7\n% a report\n%%EOF\n");
    expect(
      (await fetch(url, { method: "PUT", body: new Uint8Array(pdf), headers: { "Content-Type": "application/pdf" } }))
        .status,
    ).toBe(200);
    const attached = await desk(front.url, "report-attach", { reference, key }, cookie);
    expect({ status: attached.status, body: attached.body }).toMatchObject({ status: 200 });
    expect(await bucket.keys()).toEqual([key]);

    // The e-mail left before the desk's answer; its page withholds the report until the client signs.
    const mail = mailsTo(email)
      .map((message) => bodyText(message.raw))
      .find((text) => text.includes("/report?token="))!;
    const token = /\/report\?token=([A-Za-z0-9._-]+)/.exec(mail)![1]!;
    const page = async () =>
      JSON.parse((await send(`${front.url}/api/report?token=${token}`, { method: "GET" })).body) as { state: string };
    expect(await page()).toMatchObject({ state: "withheld", missing: [{ what: "sign" }, { what: "pay" }] });
    const signed = await postJson(`${front.url}/api/agreement`, {
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
    const days = await send(`${front.url}/api/desk/days?from=${visitDay}&days=2`, {
      method: "GET",
      headers: { cookie },
    });
    const owed = (JSON.parse(days.body) as DeskDays).items.find((item) => item.reference === reference)!.payment!;
    const amount = (owed.balanceCents / 100).toFixed(2);
    expect((await desk(front.url, "payment-taken", { reference, method: "cash", amount }, cookie)).status).toBe(200);
    expect(await page()).toMatchObject({ state: "ready" });
    const sent = await send(`${front.url}/api/report?token=${token}&download=1`, { method: "GET" });
    expect(sent.status).toBe(303);
    const file = await fetch(String(sent.headers.location));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await count("report_downloads")).toBe(1);
  }, 120_000);
});

describe("the editor's GitHub sign-in from its bundle", () => {
  it("tells /admin to sign in with GitHub and sends Decap's window to GitHub's consent with a state cookie", async () => {
    const env = {
      ...production,
      GITHUB_OAUTH_CLIENT_ID: "bundle-client-id",
      GITHUB_OAUTH_CLIENT_SECRET: "bundle-client-secret",
      EDITOR_REPO: "severn-ridge/website",
    };
    const site = new URL(front.url);
    const config = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL("/api/editor/config", site), {}, null),
      env,
    );
    expect(config.statusCode).toBe(200);
    expect(JSON.parse(config.body)).toMatchObject({ mode: "github", backend: { base_url: site.origin } });
    const auth = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL(`/api/editor/auth?provider=github&site_id=${site.host}&scope=repo`, site), {}, null),
      env,
    );
    expect(auth.statusCode).toBe(302);
    const consent = new URL(auth.headers.location!);
    expect(`${consent.origin}${consent.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(consent.searchParams.get("redirect_uri")).toBe(`${site.origin}/api/editor/callback`);
    expect(parseSetCookie(auth.headers["set-cookie"]!)).toMatchObject({
      name: "editor_sign_in",
      httpOnly: true,
      sameSite: "lax",
    });
    // GitHub's answer, twice with that cookie, each in an instance of its own: the first takes the
    // state in production's database (and finds no GitHub on loopback), the second is refused.
    const back = eventOf(
      "GET",
      new URL(`/api/editor/callback?code=bundle-code&state=${consent.searchParams.get("state")}`, site),
      { cookie: auth.headers["set-cookie"]!.split(";")[0]! },
      null,
    );
    const noGitHub = { ...env, GITHUB_ORIGIN: "http://127.0.0.1:1" };
    const first = await invoke(bundle("editor-step-js"), back, noGitHub);
    expect(first.statusCode).toBe(502);
    expect(first.body).toContain("GitHub could not be reached");
    const replayed = await invoke(bundle("editor-step-js"), back, noGitHub);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.body).toContain("This sign-in was used already");
    expect(replayed.headers["set-cookie"]).toMatch(/^editor_sign_in=; .*Max-Age=0/);
    // Without its settings it says which are missing.
    const bare = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL("/api/editor/auth", site), {}, null),
      production,
    );
    expect(bare.statusCode).toBe(503);
    expect(bare.body).toContain("GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET, EDITOR_REPO");
  });
});

describe("a deploy without what it needs takes nothing", () => {
  const without = (names: string[], extra: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...production, ...extra }).filter(([name]) => !names.includes(name)));
  const schedule = (env: Record<string, string>) =>
    invoke(
      bundle("schedule-js"),
      eventOf(
        "POST",
        new URL(`${production.URL}/api/schedule`),
        { "content-type": "application/json", "x-nf-client-connection-ip": "127.0.0.9" },
        Buffer.from(JSON.stringify(bookingRequest(starts.at(-1)!, SHORT_JOB))),
      ),
      env,
    );

  it("answers 503 in words, with Retry-After, and logs the missing settings by name", async () => {
    const before = await count("requests");
    const answer = await schedule(without(["SMTP_URL", "BOOKING_LINK_SECRET"]));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.body).toMatch(/^This site cannot take requests right now\. Nothing was sent\. Please call us at/);
    expect(answer.log).toMatch(/SMTP_URL, BOOKING_LINK_SECRET not set for this production deploy/);
    expect(await count("requests")).toBe(before);
  });

  /** A plain client, which migrates and claims nothing (openDatabase would). */
  async function openPostgresReader(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      query: async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.end(),
    };
  }

  /** A database on the test server that nothing has opened yet: its name, URL and its tables. */
  async function freshDatabase(name: string) {
    // Not through db: CREATE DATABASE runs outside a transaction, and db's every statement is in one.
    const admin = await openPostgresReader(postgres.url);
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.close());
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    const tables = async () => {
      const reader = await openPostgresReader(url.href);
      try {
        return (
          await reader.query<{ name: string }>(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
          )
        ).map((row) => row.name);
      } finally {
        await reader.close();
      }
    };
    return { url: url.href, tables };
  }

  it("on a deploy preview given only production's DATABASE_URL (scoped to every context), opens nothing and says it is a preview", async () => {
    // Production's database as yet unclaimed: a preview that opened it would migrate and claim it.
    const unclaimed = await freshDatabase("production_not_yet_opened");
    const answer = await schedule({ ...production, DATABASE_URL: unclaimed.url, CONTEXT: "deploy-preview" });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toMatch(/^This is a preview of the site: it takes no requests/);
    expect(answer.log).toMatch(/PREVIEW_DATABASE_URL not set for this deploy-preview deploy/);
    expect(await unclaimed.tables()).toEqual([]);
    // The same for a branch deploy, and for production's own database, already claimed.
    const before = await count("requests");
    const branch = await schedule({ ...production, CONTEXT: "branch-deploy" });
    expect(branch.statusCode).toBe(503);
    expect(branch.log).toMatch(/PREVIEW_DATABASE_URL not set for this branch-deploy deploy/);
    expect(await count("requests")).toBe(before);
  });

  it("books on a deploy preview's own PREVIEW_DATABASE_URL, which it claims as the preview's", async () => {
    const own = await freshDatabase("preview_own");
    const answer = await schedule({ ...production, PREVIEW_DATABASE_URL: own.url, CONTEXT: "deploy-preview" });
    expect(answer.statusCode).toBe(201);
    const reader = await openPostgresReader(own.url);
    try {
      expect(await reader.query("SELECT deploy_context FROM schema_owner")).toEqual([
        { deploy_context: "deploy-preview" },
      ]);
    } finally {
      await reader.close();
    }
  });

  it("refuses a deploy preview handed production's database as its own before it migrates or writes anything", async () => {
    const before = { requests: await count("requests"), migrations: await count("schema_migrations") };
    const answer = await schedule({ ...production, PREVIEW_DATABASE_URL: postgres.url, CONTEXT: "deploy-preview" });
    expect(answer.statusCode).toBe(503);
    expect(answer.log).toContain("This database belongs to the production deploy, and this is a deploy-preview deploy");
    expect({ requests: await count("requests"), migrations: await count("schema_migrations") }).toEqual(before);
  });

  it("refuses link keys that could be read two ways, naming the setting, and stores nothing", async () => {
    const before = await count("requests");
    const answer = await schedule({ ...production, BOOKING_LINK_SECRET: `${SECRET}, ${SECRET}-next` });
    expect(answer.statusCode).toBe(503);
    expect(answer.log).toMatch(/\[settings\] BOOKING_LINK_SECRET cannot be read: a key holds ","/);
    expect(await count("requests")).toBe(before);
  });

  it("on a bundle built without a deploy context, assumes none: opens nothing and names CONTEXT", async () => {
    const unclaimed = await freshDatabase("context_unknown");
    const answer = await schedule(without(["CONTEXT"], { DATABASE_URL: unclaimed.url }));
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toMatch(/^This site cannot take requests right now\. Nothing was sent\./);
    expect(answer.log).toMatch(/CONTEXT not set for this Netlify deploy: CONTEXT is the deploy context/);
    expect(await unclaimed.tables()).toEqual([]);
  });
});
