/**
 * Store first, then deliver: against the built site under `gatsby serve` and a real SMTP server on
 * loopback, a request is stored once per Idempotency-Key, answered 201 whatever the mail server
 * does, and each of its e-mails is delivered exactly once, also when the mail server comes back
 * only later.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readSiteContent } from "../../src/build-time/content-files";
import { deliveryStates, type DeliveryState } from "../../src/lib/server/mail/deliveries";
import { withDatabase } from "../../src/serve/database-access";
import { DEFAULT_SETTINGS, settingsEnv } from "../../src/lib/server/runtime/settings";
import { siteRoot } from "../../scripts/lib/site-copy";
import { freePort, postJson, startFunctionServer, type Answer, type FunctionServer } from "../support/function-server";
import { bodyText, startMailbox, startSilentServer, waitFor, type Mailbox } from "../support/mailbox";
import { startDispenser } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";

const BUSINESS = "schedule-requests";
const site = readSiteContent();

/** Where each e-mail stands (of one request, or all), read through the running server. */
const statesOf = (server: FunctionServer, reference?: string): Promise<DeliveryState[]> =>
  withDatabase((db) => deliveryStates(db, new Date().toISOString(), reference), {
    ...process.env,
    DATA_DIR: server.dataDir,
  });

/** Every e-mail of every stored request has been accepted by the mail server. */
const allSent = async (server: FunctionServer) => (await statesOf(server)).every((message) => message.state === "sent");

const referenceOf = (answer: Answer) => (JSON.parse(answer.body) as { reference: string }).reference;

describe("200 sends, 50 at a time, 50 of them repeats of an earlier key", () => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startFunctionServer({ SMTP_URL: mailbox.url });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it("stores 150 requests, mails each once to the business and once to the visitor, and answers repeats as the first", async () => {
    const keys = Array.from({ length: 150 }, () => randomUUID());
    // Each booking its own open time (a radon test alone: an hour of an inspector's time).
    const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
    const requests = keys.map((_, index) =>
      bookingRequest(nextStart(), { ...SHORT_JOB, name: `Load Test ${index}`, email: `visitor${index}@example.com` }),
    );
    // Every third request is sent twice in a row, so most repeats travel in the same batch as
    // their first try and arrive at the same moment.
    const sends: number[] = [];
    keys.forEach((_, index) => {
      sends.push(index);
      if (index % 3 === 0) sends.push(index);
    });
    expect(sends).toHaveLength(200);

    const answers: Answer[] = [];
    for (let start = 0; start < sends.length; start += 50) {
      const batch = sends.slice(start, start + 50);
      answers.push(
        ...(await Promise.all(
          batch.map((index) =>
            postJson(`${server.url}/api/schedule`, requests[index], `127.0.${20 + (index >> 6)}.${10 + (index & 63)}`, {
              "Idempotency-Key": keys[index]!,
            }),
          ),
        )),
      );
    }
    for (const answer of answers) expect(answer.status).toBe(201);
    const firstAnswer = new Map<number, string>();
    sends.forEach((index, position) => {
      const body = answers[position]!.body;
      if (!firstAnswer.has(index)) firstAnswer.set(index, body);
      else expect(body).toBe(firstAnswer.get(index));
    });
    expect(new Set(answers.map(referenceOf)).size).toBe(150);

    const stored = await server.readOutbox(BUSINESS);
    expect(stored).toHaveLength(150);
    expect(new Set(stored.map((record) => record.idempotencyKey))).toEqual(new Set(keys));

    await waitFor("every e-mail to be sent", () => allSent(server), 300_000);
    const toBusiness = mailbox.messages.filter((message) => message.to[0] === site.email);
    const confirmations = mailbox.messages.filter((message) => message.to[0]!.startsWith("visitor"));
    expect(mailbox.messages).toHaveLength(300);
    expect(toBusiness).toHaveLength(150);
    expect(confirmations).toHaveLength(150);
    expect(new Set(confirmations.map((message) => message.to[0])).size).toBe(150);
    const subjects = toBusiness.map((message) => /Subject: Booking (\S+):/.exec(bodyText(message.raw))?.[1]);
    expect(new Set(subjects)).toEqual(new Set(stored.map((record) => record.reference)));
  }, 600_000);

  it("refuses a key reused for a different request with 422 and stores nothing", async () => {
    const key = randomUUID();
    const first = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.30.1", {
      "Idempotency-Key": key,
    });
    expect(first.status).toBe(201);
    const before = (await server.readOutbox("contact-messages")).length;
    const other = await postJson(
      `${server.url}/api/contact`,
      contactMessage({ message: "Another question entirely." }),
      "127.0.30.1",
      {
        "Idempotency-Key": key,
      },
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatch(/^This Idempotency-Key was already used for a different request\./);
    expect(await server.readOutbox("contact-messages")).toHaveLength(before);
  });
});

describe("when the mail server refuses, is down, or never greets", () => {
  let smtpPort: number;
  let server: FunctionServer;
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startFunctionServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Retries every fraction of a second, and a silent mail server given up on after one.
      ...settingsEnv({ firstRetryMs: 200, retryMaxMs: 1_000, deliveryPassMs: 200, smtpConnectMs: 1_000 }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  /** Sends a request; it must be answered 201 and stay pending. */
  async function sendWhileMailIsAway(from: string, email: string): Promise<string> {
    const answer = await postJson(`${server.url}/api/contact`, contactMessage({ email }), from, {
      "Idempotency-Key": randomUUID(),
    });
    expect(answer.status).toBe(201);
    const reference = referenceOf(answer);
    await waitFor(`a failed try for ${reference}`, async () => (await statesOf(server, reference))[0]!.attempts > 0);
    expect((await statesOf(server, reference)).map((message) => message.state)).not.toContain("sent");
    return reference;
  }

  it("answers 201 each time, keeps the requests pending, and delivers each once when the server is back", async () => {
    const down = await sendWhileMailIsAway("127.0.31.1", "down@example.com");

    const refusing = await startMailbox({ port: smtpPort, refuse: true });
    const refused = await sendWhileMailIsAway("127.0.31.2", "refused@example.com");
    await refusing.stop();
    expect(refusing.messages).toHaveLength(0);

    const silent = await startSilentServer(smtpPort);
    const unanswered = await sendWhileMailIsAway("127.0.31.3", "silent@example.com");
    await silent.stop();

    mailbox = await startMailbox({ port: smtpPort });
    await waitFor("the pending e-mails to be sent", () => allSent(server), 120_000);
    const received = mailbox.messages.map((message) => bodyText(message.raw));
    for (const reference of [down, refused, unanswered]) {
      expect(received.filter((text) => text.includes(`Subject: Website message ${reference}`))).toHaveLength(1);
      expect(received.filter((text) => text.includes(`Subject: We received your message (${reference})`))).toHaveLength(
        1,
      );
    }
    expect(mailbox.messages).toHaveLength(6);
  });
});

describe("when the mail server refuses a recipient for good, or only for now", () => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  let busyAsks = 0;
  beforeAll(async () => {
    mailbox = await startMailbox({
      // gone@ does not exist (553, for good); busy@ is over quota for its first four tries (452, for now).
      refuseRecipient: (address) =>
        address === "gone@example.com" ? 553 : address === "busy@example.com" && ++busyAsks <= 4 ? 452 : undefined,
    });
    server = await startFunctionServer({
      SMTP_URL: mailbox.url,
      ...settingsEnv({ firstRetryMs: 100, retryMaxMs: 200, deliveryPassMs: 100 }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  const stateOf = (reference: string) => statesOf(server, reference);

  it(`tries a refusal for good ${DEFAULT_SETTINGS.permanentFailureTries} times, marks it failed and never tries again; npm run requests shows it`, async () => {
    const gone = referenceOf(
      await postJson(`${server.url}/api/contact`, contactMessage({ email: "gone@example.com" }), "127.0.32.1"),
    );
    await waitFor("the refused confirmation to be given up", async () => (await stateOf(gone))[1]!.state === "failed");
    const [business, confirmation] = await stateOf(gone);
    expect(business).toMatchObject({ state: "sent" });
    expect(confirmation).toMatchObject({ state: "failed", attempts: DEFAULT_SETTINGS.permanentFailureTries });
    expect(confirmation!.lastError).toMatch(/553/);
    const refusals = () => mailbox.recipientsAsked.filter((address) => address === "gone@example.com").length;
    expect(refusals()).toBe(DEFAULT_SETTINGS.permanentFailureTries);

    // A refusal for now is retried by later passes until it is accepted; by then those passes
    // have gone by the given-up message without trying it.
    const busy = referenceOf(
      await postJson(`${server.url}/api/contact`, contactMessage({ email: "busy@example.com" }), "127.0.32.2"),
    );
    await waitFor("the busy mailbox's confirmation to be accepted", async () =>
      (await stateOf(busy)).every((message) => message.state === "sent"),
    );
    expect((await stateOf(busy))[1]).toMatchObject({ state: "sent", attempts: 4 });
    expect(refusals()).toBe(DEFAULT_SETTINGS.permanentFailureTries);

    const listing = execFileSync(process.execPath, ["--import", "tsx", "scripts/commands/requests.ts"], {
      cwd: siteRoot,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: "utf8",
    });
    const line = listing.split("\n").findIndex((text) => text.includes(gone));
    expect(listing.split("\n")[line + 1]).toMatch(
      /^ {6}e-mail: "Website message [^"]+" to \S+: sent; "We received your message [^"]+" to gone@example.com: failed after 3 tries: .*553/,
    );
  });
});
