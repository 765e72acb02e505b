/**
 * Who sends which e-mail, and when, on PostgreSQL with a real SMTP server: a request sends its own e-mails only,
 * a delivery pass starts no send its time cannot cover, an e-mail handed to the mail server is never sent twice,
 * and the hold sweep neither deadlocks with a refusal nor takes a confirmation from its sender. Time is the
 * tests' own clock (`now`), and a lock or a mail server's answer is held by the test rather than waited for.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { manageBookingHandler } from "../../src/features/booking/server/manage-booking";
import { bookingToken } from "../../src/features/booking/server/booking-links";
import { insertBooking } from "../../src/features/booking/server/booking-queries";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { claimDue, deliveryStates } from "../../src/lib/server/mail/deliveries";
import {
  claimLeaseMs,
  deliverDue,
  deliveryPass,
  SCHEDULED_PASS_MS,
  type DeliveryConfig,
} from "../../src/lib/server/mail/delivery";
import { longestSendMs } from "../../src/lib/server/mail/mailer";
import { insertDeliveries, insertRequest } from "../../src/lib/server/mail/outbox";
import { sweepLapsedHolds } from "../../src/features/booking/server/hold-sweep";
import { serverSettings, settingsEnv } from "../../src/lib/server/runtime/settings";
import { runFunction } from "../../src/serve/functions";
import { startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { storeBlankRequest } from "../support/stored-requests";

const SECRET = "mail-claims-test-key";
/** The mail server refuses this mailbox for good (553). */
const REFUSED = "no.such.client@example.com";
/** The mail server takes messages to this mailbox and keeps the sender waiting for its answer. */
const SLOW = "slow.answer@example.com";
const SETTINGS = settingsEnv({ permanentFailureTries: 1, smtpConnectMs: 3_000, mailBeforeAnswerMs: 60_000 });
const HOUR = 60 * 60 * 1000;

let postgres: PostgresServer;
let mailbox: Mailbox;
let db: Database;
let config: DeliveryConfig;
const saved = { ...process.env };

beforeAll(async () => {
  postgres = await startPostgres();
  mailbox = await startMailbox({
    refuseRecipient: (address) => (address === REFUSED ? 553 : undefined),
    holdAnswer: (to) => to.includes(SLOW),
  });
  // The functions read their environment when they run, as on Netlify (AWS_LAMBDA_FUNCTION_NAME):
  // so no delivery worker starts in this process, and only what a test runs sends anything. The
  // deploy context stands in for the one Netlify's build writes into a bundle.
  Object.assign(process.env, {
    CONTEXT: "production",
    DATABASE_URL: postgres.url,
    SMTP_URL: mailbox.url,
    BOOKING_LINK_SECRET: SECRET,
    AWS_LAMBDA_FUNCTION_NAME: "mail-claims-test",
    RATE_LIMIT_MAX: "1000",
    ...SETTINGS,
  });
  db = await openDatabase(process.env);
  config = { db, smtpUrl: mailbox.url, settings: serverSettings(process.env) };
}, 60_000);
afterAll(async () => {
  process.env = saved;
  await db?.close();
  await mailbox?.stop();
  await postgres?.stop();
});
beforeEach(async () => {
  // Each test's e-mails alone are due: a pass takes every one.
  await db.query("DELETE FROM requests");
  mailbox.messages.length = 0;
});

const received = (to: string) => mailbox.messages.filter((message) => message.to.includes(to));
const subjectsTo = (to: string) =>
  received(to).map((message) => /^Subject: (.*)$/m.exec(message.raw)?.[1] ?? "(no subject)");
const stateOf = async (reference: string, message: string) =>
  (await deliveryStates(db, new Date().toISOString(), reference)).find((state) => state.message === message);

/** `count` e-mails to `to`, each its own subject, due an hour ago, under one request or one each. */
async function storeDue(prefix: string, count: number, to: string, oneRequest: boolean): Promise<void> {
  const past = new Date(Date.now() - HOUR).toISOString();
  if (oneRequest) await storeBlankRequest(db, prefix);
  for (let index = 0; index < count; index += 1) {
    const reference = oneRequest ? prefix : `${prefix}${String(index).padStart(3, "0")}`;
    if (!oneRequest) await storeBlankRequest(db, reference);
    const subject = `${prefix} ${index}`;
    await insertDeliveries(
      db,
      reference,
      [
        {
          message: `m${index}`,
          mailbox: to,
          from: "site@example.com",
          mail: { to, subject, text: "t" },
          transport: "smtp",
        },
      ],
      past,
    );
  }
}

let inspector = 0;
/**
 * A booking held for the client to confirm, whose hold ends at `confirmBy`, with its confirmation
 * to `email` stored and due, as the schedule function stores one.
 */
async function storeHeldBooking(reference: string, email: string, confirmBy: number): Promise<void> {
  inspector += 1;
  const start = Date.now() + 14 * 24 * HOUR;
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    await insertRequest(tx, {
      kind: "schedule-requests",
      reference,
      receivedAt: now,
      record: { type: "schedule", reference, request: { name: "Hal Holder", email, phone: "(410) 555-0100" } },
      answer: { status: 201, body: {} },
      idempotencyKey: null,
      fingerprint: null,
    });
    await insertBooking(tx, {
      reference,
      inspector,
      start: new Date(start).toISOString(),
      onSiteMinutes: 60,
      from: start,
      to: start + 2 * HOUR,
      status: "pending",
      confirmBy: new Date(confirmBy).toISOString(),
      confirmWithinMinutes: 120,
      mailbox: email,
      phone: "(410) 555-0100",
      property: `${reference.toLowerCase()}-street`,
      job: { mainInspection: "radon", addOns: [], waterPackages: [], squareFeet: 2000, county: "Anne Arundel" },
      ownerEvent: { summary: "s", description: "d", location: "l" },
      createdAt: now,
      client: { name: "Hal Holder", email, phone: "(410) 555-0100" },
    });
    await insertDeliveries(
      tx,
      reference,
      [
        {
          message: "confirmation",
          mailbox: email,
          from: "site@example.com",
          mail: { to: email, subject: `Confirm ${reference}`, text: "t" },
          transport: "smtp",
        },
      ],
      now,
    );
  });
}

describe("a request sends its own e-mails", () => {
  let site: Server;
  let url: string;
  beforeAll(async () => {
    // The site's own function runner, serving the source's manage-booking function on loopback.
    site = createServer(
      (req, res) => void runFunction(new Map([["booking", manageBookingHandler as never]]), req, res, "booking"),
    );
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it("with 200 older e-mails due, answers with its own sent and leaves the 200 untouched for the next pass", async () => {
    const OLD = "older.mail@example.com";
    await storeDue("SR-20261128-OLD", 200, OLD, false);
    const reference = "SR-20261128-CANCEL";
    await storeHeldBooking(reference, "canceller@example.com", Date.now() + HOUR);
    await db.query("UPDATE bookings SET status = 'booked', confirm_by = NULL WHERE reference = $1", [reference]);

    const answer = await fetch(`${url}/api/booking`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: bookingToken(SECRET, reference, Date.now() + HOUR), action: "cancel" }),
    });
    expect(answer.status).toBe(200);
    // Its own: the business's notice and the client's, sent before the answer.
    expect(received("canceller@example.com")).toHaveLength(1);
    expect(mailbox.messages).toHaveLength(2);
    const old = (await deliveryStates(db, new Date().toISOString())).filter((state) => state.to === OLD);
    expect(old).toHaveLength(200);
    expect(old.every((state) => state.state === "pending" && state.attempts === 0 && !state.sending)).toBe(true);

    // The next pass sends them, each once.
    await deliveryPass(config);
    await waitFor("the older e-mails to be sent", async () => {
      const states = await deliveryStates(db, new Date().toISOString());
      if (states.some((state) => state.state === "pending")) await deliveryPass(config);
      return states.every((state) => state.state === "sent");
    });
    expect(new Set(subjectsTo(OLD)).size).toBe(200);
    expect(received(OLD)).toHaveLength(200);
  });
});

describe("a delivery pass", () => {
  it("starts no send its time cannot cover, gives back what it claimed and did not reach, and the next pass sends the rest, each once", async () => {
    const TO = "pass@example.com";
    const reference = "SR-20261128-PASS";
    await storeDue(reference, 30, TO, true);
    // The pass's clock: a second goes by for each message the mail server takes.
    let base = Date.now();
    const clock = () => base + 1000 * received(TO).length;
    await deliveryPass(config, { started: base, now: clock });
    // Each send started with at least smtpConnectMs (3 s) left of the pass's SCHEDULED_PASS_MS.
    const first = (SCHEDULED_PASS_MS - config.settings.smtpConnectMs) / 1000 + 1;
    expect(received(TO)).toHaveLength(first);
    const left = (await deliveryStates(db, new Date().toISOString(), reference)).filter(
      (state) => state.state === "pending",
    );
    expect(left).toHaveLength(30 - first);
    // None held: the ones claimed and not reached were given back, for the next pass to take at once.
    expect(left.every((state) => !state.sending && state.attempts === 0)).toBe(true);

    base = Date.now();
    await deliveryPass(config, { started: base, now: () => base });
    expect(subjectsTo(TO).sort()).toEqual(Array.from({ length: 30 }, (_, index) => `${reference} ${index}`).sort());
    const states = await deliveryStates(db, new Date().toISOString(), reference);
    expect(states.every((state) => state.state === "sent")).toBe(true);
  });

  it("holds a claim longer than any send it covers, whatever the SMTP timeouts", () => {
    for (const smtpConnectMs of [1, 10_000, 600_000])
      for (const smtpSocketMs of [1, 20_000, 600_000]) {
        const settings = { ...config.settings, smtpConnectMs, smtpSocketMs };
        expect(claimLeaseMs(settings)).toBeGreaterThan(longestSendMs(settings));
      }
  });
});

describe("an e-mail whose claim lapses", () => {
  it("is not sent again once the mail server had it, but left 'maybe-sent'; one that never reached the server is", async () => {
    const reference = "SR-20261128-LAPSE";
    await storeBlankRequest(db, reference);
    const past = new Date(Date.now() - HOUR).toISOString();
    const mail = (message: string, to: string) => ({
      message,
      mailbox: to,
      from: "site@example.com",
      mail: { to, subject: `${message} of ${reference}`, text: "t" },
      transport: "smtp" as const,
    });
    await insertDeliveries(db, reference, [mail("handed", SLOW)], past);
    // A sender hands the message to the mail server, which takes it and is slow to answer.
    const first = deliverDue(config, { references: [reference], until: Date.now() + HOUR });
    await waitFor("the mail server to have the message", () => received(SLOW).length === 1);
    // A second e-mail whose sender died with its claim before it reached the mail server.
    await insertDeliveries(db, reference, [mail("unreached", "unreached@example.com")], past);
    await claimDue(db, {
      claim: "a sender that died",
      now: new Date().toISOString(),
      until: new Date().toISOString(),
      limit: 1,
      references: [reference],
    });

    // A pass after every lease has run out (its clock past the first sender's lease).
    const later = () => Date.now() + claimLeaseMs(config.settings) + 60_000;
    await deliverDue(config, { until: later() + HOUR, now: later });
    expect(received(SLOW)).toHaveLength(1);
    expect(received("unreached@example.com")).toHaveLength(1);
    expect(await stateOf(reference, "handed")).toMatchObject({
      state: "maybe-sent",
      lastError: expect.stringContaining("it may have been sent"),
    });
    expect(await stateOf(reference, "unreached")).toMatchObject({ state: "sent" });

    // The slow server's answer comes after all: the first sender records the e-mail sent, once.
    mailbox.answerHeld();
    await first;
    expect(await stateOf(reference, "handed")).toMatchObject({ state: "sent" });
    expect(received(SLOW)).toHaveLength(1);
  });
});

describe("the hold sweep", () => {
  // The test's own connections: one holds a lock, one watches who waits (the site's pool is the sweep's and the sender's).
  let holder: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    holder = new pg.Client({ connectionString: postgres.url });
    watcher = new pg.Client({ connectionString: postgres.url });
    await Promise.all([holder.connect(), watcher.connect()]);
  });
  afterAll(() => Promise.all([holder?.end(), watcher?.end()]));

  const waitingForLocks = async () =>
    (await watcher.query<{ count: number }>("SELECT count(*)::integer AS count FROM pg_locks WHERE NOT granted"))
      .rows[0]!.count;

  const statusOf = async (reference: string) =>
    (await db.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [reference]))[0]!.status;

  it("and a refusal of the same booking's confirmation both finish: the refusal never waits for the booking", async () => {
    const reference = "SR-20261128-RACE";
    await storeHeldBooking(reference, REFUSED, Date.now() - 1000);
    // The test holds the booking, so the sweep waits for it.
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM bookings WHERE reference = $1 FOR UPDATE", [reference]);
    const sweep = sweepLapsedHolds(db, new Date(), process.env);
    await waitFor("the sweep to wait for the booking", async () => (await waitingForLocks()) === 1);
    // The refusal writes only its e-mail's row: it is recorded while the booking is still held.
    await deliverDue(config, { references: [reference], until: Date.now() + HOUR });
    expect(await stateOf(reference, "confirmation")).toMatchObject({ state: "failed" });
    expect(await waitingForLocks()).toBe(1);
    await holder.query("COMMIT");

    // The sweep then lets the booking go, once.
    await expect(sweep).resolves.toEqual([reference]);
    expect(received(REFUSED)).toHaveLength(0);
    expect(await statusOf(reference)).toBe("expired");
  });

  it("lets a booking go at its next pass once none of its confirmations can be delivered, before its hold ends", async () => {
    const reference = "SR-20261128-UNDELIVERABLE";
    await storeHeldBooking(reference, REFUSED, Date.now() + HOUR);
    expect(await sweepLapsedHolds(db, new Date(), process.env)).toEqual([]);
    await deliverDue(config, { references: [reference], until: Date.now() + HOUR });
    expect(await stateOf(reference, "confirmation")).toMatchObject({ state: "failed" });
    // Refused for good: the outbox recorded it and left the booking alone; nobody can confirm it now.
    expect(await statusOf(reference)).toBe("pending");
    expect(await sweepLapsedHolds(db, new Date(), process.env)).toEqual([reference]);
    expect(await statusOf(reference)).toBe("expired");
    // A held booking whose confirmation is still to be tried stays held.
    const waiting = "SR-20261128-STILL-DUE";
    await storeHeldBooking(waiting, "later.client@example.com", Date.now() + HOUR);
    expect(await sweepLapsedHolds(db, new Date(), process.env)).toEqual([]);
    expect(await statusOf(waiting)).toBe("pending");
  });

  it("leaves a confirmation its sender is delivering to it: delivered, it is recorded sent and the business is not told", async () => {
    const reference = "SR-20261128-SENDING";
    await storeHeldBooking(reference, SLOW, Date.now() + HOUR);
    const sending = deliverDue(config, { references: [reference], until: Date.now() + HOUR });
    await waitFor("the mail server to have the confirmation", () => received(SLOW).length === 1);
    // The hold ends while the mail server has yet to answer.
    await db.query("UPDATE bookings SET confirm_by = now() - interval '1 second' WHERE reference = $1", [reference]);
    expect(await sweepLapsedHolds(db, new Date(), process.env)).toEqual([]);

    mailbox.answerHeld();
    await sending;
    expect(await stateOf(reference, "confirmation")).toMatchObject({ state: "sent" });
    // Its next pass ends the hold, the client having had the e-mail: without a word to the business.
    expect(await sweepLapsedHolds(db, new Date(), process.env)).toEqual([reference]);
    expect(await stateOf(reference, "confirmation")).toMatchObject({ state: "sent" });
    expect(await stateOf(reference, "releasedUnheard")).toBeUndefined();
  });
});
