/**
 * On Netlify: requests are stored in Netlify Blobs and the scheduled function retries their
 * e-mails. Against the package's own BlobsServer on loopback (in a process of its own) and a real SMTP server, with the
 * functions under `gatsby serve` told they run on Netlify (SITE_ID) and where the Blobs are.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import retryDeliveries from "../../netlify/functions/retry-deliveries.mjs";
import { outboxStatus } from "../../src/lib/server/mail/delivery";
import { settingsEnv } from "../../src/lib/server/http/settings";
import { requestStore } from "../../src/lib/server/store";
import { freePort, postJson, startFunctionServer, type FunctionServer } from "../../scripts/lib/function-server";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { openStartsOf } from "../../scripts/lib/open-times";
import { bookingRequest, contactMessage, SHORT_JOB } from "../../scripts/lib/sample-requests";

let blobs: ChildProcess;
let server: FunctionServer;
let mailbox: Mailbox | undefined;
let env: Record<string, string>;
const saved = { ...process.env };

beforeAll(async () => {
  const token = randomUUID();
  const port = await freePort();
  const directory = await mkdtemp(path.join(tmpdir(), "blobs-"));
  blobs = spawn(process.execPath, [
    path.join(__dirname, "..", "support", "blobs-server.mjs"),
    directory,
    String(port),
    token,
  ]);
  await new Promise<void>((resolve, reject) => {
    blobs.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    blobs.once("exit", (code) => reject(new Error(`The Blobs server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const context = Buffer.from(
    JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: "test-site", token }),
  ).toString("base64");
  env = {
    NETLIFY_BLOBS_CONTEXT: context,
    SITE_ID: "test-site",
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    ...settingsEnv({ firstRetryMs: 200, retryMaxMs: 1_000 }),
  };
  server = await startFunctionServer(env);
  // The scheduled function reads the same environment, as on Netlify.
  Object.assign(process.env, env);
});
afterAll(async () => {
  process.env = saved;
  await server?.stop();
  await mailbox?.stop();
  blobs?.kill();
});

const store = () => requestStore(process.env)!;

it("stores once per key in Blobs, answers 201 with the mail server down, and the scheduled function delivers each e-mail once", async () => {
  const key = randomUUID();
  const send = (email: string, idempotencyKey: string, from: string) =>
    postJson(`${server.url}/api/contact`, contactMessage({ email }), from, { "Idempotency-Key": idempotencyKey });
  expect((await send("warm.up@example.com", randomUUID(), "127.0.40.9")).status).toBe(201);
  // Two tries of one key at the same moment, and another request.
  const [first, repeat, other] = await Promise.all([
    send("blob.one@example.com", key, "127.0.40.1"),
    send("blob.one@example.com", key, "127.0.40.1"),
    send("blob.two@example.com", randomUUID(), "127.0.40.2"),
  ]);
  for (const answer of [first, repeat, other]) expect(answer.status).toBe(201);
  expect(repeat.body).toBe(first.body);
  const references = [first, other].map((answer) => (JSON.parse(answer.body) as { reference: string }).reference);

  const records = (await store().records()).filter((entry) => entry.record.type === "contact");
  expect(records).toHaveLength(3);
  for (const reference of references) {
    expect(records.filter((entry) => entry.record.reference === reference)).toHaveLength(1);
  }
  // The functions tried at once and failed: pending.
  await waitFor("the first failed tries", async () =>
    (await outboxStatus(store())).every((entry) => entry.messages.every((message) => message.attempts > 0)),
  );

  mailbox = await startMailbox({ port: Number(new URL(env.SMTP_URL!).port) });
  await waitFor(
    "the scheduled function to deliver everything",
    async () => {
      const answer = await retryDeliveries();
      expect(answer.status).toBe(200);
      return (await outboxStatus(store())).every((entry) => entry.messages.every((m) => m.state === "sent"));
    },
    60_000,
  );
  // Runs that find nothing pending send nothing.
  await retryDeliveries();
  await retryDeliveries();
  expect(mailbox.messages).toHaveLength(6);
  const texts = mailbox.messages.map((message) => bodyText(message.raw));
  for (const reference of references) {
    expect(texts.filter((text) => text.includes(`Subject: Website message ${reference}`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes(`Subject: We received your message (${reference})`))).toHaveLength(1);
  }
});

it("counts confirmations per mailbox in Blobs too: the spellings of one Gmail address are one", async () => {
  const spellings = [
    "blob.victim+1@gmail.com",
    "BlobVictim@googlemail.com",
    "b.l.o.b.victim@gmail.com",
    "blobvictim@gmail.com",
  ];
  const queued = [];
  for (const [i, email] of spellings.entries()) {
    const answer = await postJson(`${server.url}/api/contact`, contactMessage({ email }), `127.0.40.${20 + i}`, {
      "Idempotency-Key": randomUUID(),
    });
    expect(answer.status).toBe(201);
    queued.push((JSON.parse(answer.body) as { confirmationQueued: boolean }).confirmationQueued);
  }
  expect(queued).toEqual([true, true, true, false]);
});

it("gives one time to exactly as many bookings as there are inspectors, 200 asking 50 at a time", async () => {
  const [start] = await openStartsOf(server.url, SHORT_JOB);
  const answers = [];
  for (let sent = 0; sent < 200; sent += 50) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postJson(
            `${server.url}/api/schedule`,
            bookingRequest(start!, { ...SHORT_JOB, email: `blob.booker${sent + i}@example.com` }),
            `127.0.41.${1 + ((sent + i) % 250)}`,
            { "Idempotency-Key": randomUUID() },
          ),
        ),
      )),
    );
  }
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(2);
  expect(statuses.filter((status) => status === 409)).toHaveLength(198);
  expect(await openStartsOf(server.url, SHORT_JOB)).not.toContain(start);
});
