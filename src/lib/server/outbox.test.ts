/**
 * @jest-environment node
 *
 * The outbox folder as a year of traffic leaves it: what a delivery pass reads, what is archived,
 * and what a crash in the middle of a write or of archiving leaves behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deliverPending } from "./mail/delivery";
import { DEFAULT_SETTINGS, settingsEnv } from "./http/settings";
import type { DeliveryEvent, StoredRequest } from "./store-types";

const DAY_MS = 24 * 60 * 60 * 1000;
let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), "outbox-test-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh process's view of the folder: the outbox module loaded anew, with its own index. */
function freshOutbox(): typeof import("./outbox") {
  let loaded!: typeof import("./outbox");
  jest.isolateModules(() => {
    delete (globalThis as { __severnRidgeFunctionState?: unknown }).__severnRidgeFunctionState;
    loaded = jest.requireActual("./outbox");
  });
  return loaded;
}

const mail = (to: string) => ({
  from: "Office <office@example.com>",
  business: { to: "office@example.com", subject: "Website message", text: "..." },
  confirmation: { to, subject: "We received your message", text: "..." },
});

function record(reference: string, receivedAt: number): StoredRequest {
  return {
    type: "contact",
    reference,
    receivedAt: new Date(receivedAt).toISOString(),
    mail: mail(`${reference}@example.com`),
  };
}

const sent = (reference: string, message: "business" | "confirmation", at: number): DeliveryEvent => ({
  reference,
  message,
  event: "sent",
  claim: "old",
  at: new Date(at).toISOString(),
});

/** Writes `count` requests received `age` ago, both e-mails of each sent, as earlier traffic left them. */
function seed(count: number, age: number, prefix: string) {
  const now = Date.now();
  const records = Array.from({ length: count }, (_, i) => record(`${prefix}-${i}`, now - age));
  appendFileSync(path.join(dir, "contact-messages.jsonl"), records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  appendFileSync(
    path.join(dir, "deliveries.jsonl"),
    records
      .flatMap((r) => [sent(r.reference, "business", now - age), sent(r.reference, "confirmation", now - age)])
      .map((event) => `${JSON.stringify(event)}\n`)
      .join(""),
  );
  return records;
}

const lines = (file: string) => readFileSync(path.join(dir, file), "utf8").split("\n").filter(Boolean);
/** A mail server nobody answers on: a pass that tried to send would record a failure. */
const config = (store: ReturnType<ReturnType<typeof freshOutbox>["fileStore"]>, overrides = {}) => ({
  store,
  smtpUrl: "smtp://127.0.0.1:9",
  settings: { ...DEFAULT_SETTINGS, ...overrides },
});

it("a delivery pass is handed only the requests with e-mail still to settle", async () => {
  mkdirSync(dir, { recursive: true });
  seed(2_000, 2 * DAY_MS, "SENT");
  const waiting = record("WAITING", Date.now());
  appendFileSync(path.join(dir, "contact-messages.jsonl"), `${JSON.stringify(waiting)}\n`);
  const { fileStore } = freshOutbox();
  const store = fileStore(dir);
  // Before any pass, every request with e-mail is a candidate; one pass settles the sent ones for good.
  expect(await store.unsettled()).toHaveLength(2_001);
  const settings = { retryMaxMs: 60_000, firstRetryMs: 60_000, archiveAfterSettled: 1_000_000 };
  await deliverPending(config(store, settings));
  expect((await store.unsettled()).map((entry) => entry.record.reference)).toEqual(["WAITING"]);
  // Each e-mail of the one it tried failed (nobody answers): recorded, and still unsettled.
  expect((await store.deliveryEvents("WAITING")).map((event) => `${event.message} ${event.event}`)).toEqual([
    "business claimed",
    "business failed",
    "confirmation claimed",
    "confirmation failed",
  ]);
});

it("moves settled requests older than a day into the archive, keeping the day's and the unsettled live", async () => {
  const old = seed(300, 2 * DAY_MS, "OLD");
  const recent = seed(5, 60 * 60 * 1000, "RECENT");
  const waiting = record("WAITING", Date.now() - 3 * DAY_MS);
  appendFileSync(path.join(dir, "contact-messages.jsonl"), `${JSON.stringify(waiting)}\n`);
  const { fileStore, readOutbox } = freshOutbox();
  const store = fileStore(dir, settingsEnv({ archiveAfterSettled: 100 }) as NodeJS.ProcessEnv);
  await deliverPending(config(store, { firstRetryMs: 60_000, archiveAfterSettled: 100 }));

  const live = lines("contact-messages.jsonl").map((line) => (JSON.parse(line) as StoredRequest).reference);
  expect(live.filter((reference) => reference.startsWith("OLD")).length).toBeLessThan(100);
  expect(live).toEqual(expect.arrayContaining([...recent.map((r) => r.reference), "WAITING"]));
  // Each live request keeps its delivery lines; the archive holds the rest.
  const liveEvents = lines("deliveries.jsonl").map((line) => (JSON.parse(line) as DeliveryEvent).reference);
  expect(new Set(liveEvents)).toEqual(new Set(live));
  // One archive file of each kind per 100 requests found settled.
  const archive = readdirSync(path.join(dir, "archive"));
  expect(archive.filter((file) => /^contact-messages-.+\.jsonl$/.test(file)).length).toBeGreaterThan(0);
  expect(archive.filter((file) => /^deliveries-.+\.jsonl$/.test(file)).length).toBeGreaterThan(0);
  expect(archive.every((file) => /^(contact-messages|deliveries)-.+\.jsonl$/.test(file))).toBe(true);
  // Every request is still there, once.
  const all = readOutbox(dir, "contact-messages").map((r) => r.reference);
  expect(all.sort()).toEqual([...old, ...recent, waiting].map((r) => r.reference).sort());
});

it("a request stored after a crash tore the last line is stored and read", async () => {
  const first = record("FIRST", Date.now());
  writeFileSync(path.join(dir, "contact-messages.jsonl"), `${JSON.stringify(first)}\n{"type":"contact","refer`);
  const { fileStore, readOutbox } = freshOutbox();
  const keyed = (reference: string) => ({ ...record(reference, Date.now()), idempotencyKey: "key-after-crash" });
  const stored = await fileStore(dir).storeOnce("contact-messages", "key-after-crash", ["a@example.com"], () =>
    keyed("AFTER"),
  );
  expect(stored.created).toBe(true);
  expect(readOutbox(dir, "contact-messages").map((r) => r.reference)).toEqual(["FIRST", "AFTER"]);
  // Another process reading the folder from the start finds it, and knows its key.
  const again = await freshOutbox()
    .fileStore(dir)
    .storeOnce("contact-messages", "key-after-crash", ["a@example.com"], () => keyed("TWICE"));
  expect(again).toMatchObject({ created: false, record: { reference: "AFTER" } });
});

it("a crash after the archive was written but before the live files were replaced loses and doubles nothing", async () => {
  const old = seed(3, 2 * DAY_MS, "OLD");
  // What the archive step had written when the process died: the same three requests.
  mkdirSync(path.join(dir, "archive"));
  writeFileSync(
    path.join(dir, "archive", "contact-messages-2026-01-01.jsonl"),
    old.map((r) => `${JSON.stringify(r)}\n`).join(""),
  );
  const { fileStore, readOutbox } = freshOutbox();
  expect(readOutbox(dir, "contact-messages").map((r) => r.reference)).toEqual(old.map((r) => r.reference));
  const store = fileStore(dir, settingsEnv({ archiveAfterSettled: 1 }) as NodeJS.ProcessEnv);
  await deliverPending(config(store, { archiveAfterSettled: 1 }));
  // Nothing was sent again (no claim was written), and each is listed once.
  expect((await store.deliveryEvents()).filter((event) => event.event === "claimed" && event.claim !== "old")).toEqual(
    [],
  );
  expect(
    readOutbox(dir, "contact-messages")
      .map((r) => r.reference)
      .sort(),
  ).toEqual(old.map((r) => r.reference).sort());
});

it("counts the confirmations of a day per mailbox, whatever spelling of the address reached it", async () => {
  const store = freshOutbox().fileStore(dir);
  /** Stores one request whose confirmation goes to `to`; says how many that mailbox already had today. */
  const confirmTo = async (to: string, reference: string) => {
    let counted = -1;
    await store.storeOnce("contact-messages", undefined, [to], (confirmationsToday) => {
      counted = confirmationsToday(to);
      return { ...record(reference, Date.now()), mail: { ...mail(to), confirmation: { to, subject: "s", text: "t" } } };
    });
    return counted;
  };
  const spellings = ["victim+1@gmail.com", "Vic.Tim@gmail.com", "v.i.c.t.i.m@googlemail.com", "VICTIM+2@GMAIL.COM"];
  const counts = [];
  for (const [i, spelling] of spellings.entries()) counts.push(await confirmTo(spelling, `MSG-${i}`));
  expect(counts).toEqual([0, 1, 2, 3]);
  // Another mailbox at another provider, where dots count, has its own count.
  expect(await confirmTo("vic.tim@example.com", "MSG-4")).toBe(0);
  expect(await confirmTo("victim@example.com", "MSG-5")).toBe(0);
});
