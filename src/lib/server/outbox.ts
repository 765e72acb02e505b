/**
 * The outbox: the durable store of one server. Two kinds of append-only JSON lines in OUTBOX_DIR:
 *
 * - `<kind>.jsonl`: one line per accepted request (the record, the answer it got, the e-mails it
 *   should produce), written and flushed to disk before the visitor is told it was received.
 * - `deliveries.jsonl`: what happened to each e-mail (claimed, sent, failed), written by whichever
 *   process delivers it.
 *
 * Nothing is ever rewritten, so a crash at any moment leaves every earlier line intact (a torn last
 * line is skipped by the reader). On a serverless host the disk does not last, so there it is used
 * only when OUTBOX_DIR is set explicitly (to durable storage).
 *
 * This module is also the one reader of those files: `npm run outbox` and the tests use it.
 */
import { readFileSync, statSync } from "node:fs";
import { appendFile, mkdir, open } from "node:fs/promises";
import path from "node:path";
import { mailboxOf } from "./mailbox-address";
import type { MailMessage } from "./mailer";
import { onNetlify, processState, runtimeEnv } from "./runtime";

export const KINDS = ["schedule-requests", "contact-messages"] as const;
export type MessageName = "business" | "confirmation";

/** One accepted request as stored. */
export interface StoredRequest {
  type: string;
  reference: string;
  receivedAt: string;
  /** The Idempotency-Key it came with, if any. */
  idempotencyKey?: string;
  /** A hash of the body, so a key reused for another request is recognised. */
  fingerprint?: string;
  /** What the first try was answered; a repeat of the key gets the same. */
  answer?: { status: number; body: object };
  /** The e-mails to deliver; null when no e-mail was configured at the time. */
  mail?: { from: string; business: MailMessage; confirmation: MailMessage | null } | null;
  [field: string]: unknown;
}

export interface DeliveryEvent {
  reference: string;
  message: MessageName;
  event: "claimed" | "sent" | "failed";
  at: string;
  /** Who claimed it: one id per delivering process and attempt. */
  claim?: string;
  error?: string;
}

export const DELIVERIES = "deliveries";

/** A claim older than this is taken to be abandoned (its process died); the SMTP timeouts are far shorter. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export function outboxDir(env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  if (env.OUTBOX_DIR) return path.resolve(env.OUTBOX_DIR);
  if (env.AWS_LAMBDA_FUNCTION_NAME || env.NETLIFY || onNetlify(env)) return null;
  return path.resolve(".data/outbox");
}

/** The lines of one JSON-lines file; a missing file has none, a torn last line is skipped. */
export function readJsonLines<T>(file: string): T[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const lines: T[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      lines.push(JSON.parse(line) as T);
    } catch {
      // Only a crash in the middle of a write leaves a line that does not parse; it was never answered 201.
    }
  }
  return lines;
}

export const outboxFile = (dir: string, kind: string) => path.join(dir, `${kind}.jsonl`);

/** The stored requests of one kind, oldest first. */
export function readOutbox(dir: string, kind: string): StoredRequest[] {
  return readJsonLines<StoredRequest>(outboxFile(dir, kind));
}

export function readDeliveries(dir: string): DeliveryEvent[] {
  return readJsonLines<DeliveryEvent>(outboxFile(dir, DELIVERIES));
}

async function appendDurably(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "a");
  try {
    await handle.write(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** Delivery events are small single writes to a file opened for appending, so lines never interleave. */
export function appendDelivery(dir: string, event: DeliveryEvent): Promise<void> {
  return appendFile(outboxFile(dir, DELIVERIES), `${JSON.stringify(event)}\n`);
}

/** What a new request needs to know of the ones already stored. */
interface Index {
  sizes: Map<string, number>;
  byKey: Map<string, StoredRequest>;
  /** Recipient mailbox (see mailbox-address.ts) to the times confirmations to it were accepted. */
  confirmations: Map<string, number[]>;
}

const state = processState("outbox", () => ({
  tail: Promise.resolve() as Promise<unknown>,
  indexes: new Map<string, Index>(),
}));

const fileSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

function remember(index: Index, kind: string, record: StoredRequest) {
  if (record.idempotencyKey) index.byKey.set(`${kind}:${record.idempotencyKey}`, record);
  const to = record.mail?.confirmation?.to;
  if (to) {
    const mailbox = mailboxOf(to);
    index.confirmations.set(mailbox, [...(index.confirmations.get(mailbox) ?? []), Date.parse(record.receivedAt)]);
  }
}

/** The index of the folder, read again only when a file changed under it (another process, a cleanup). */
function indexOf(dir: string): Index {
  const cached = state.indexes.get(dir);
  if (cached && KINDS.every((kind) => fileSize(outboxFile(dir, kind)) === cached.sizes.get(kind))) return cached;
  const index: Index = { sizes: new Map(), byKey: new Map(), confirmations: new Map() };
  for (const kind of KINDS) {
    index.sizes.set(kind, fileSize(outboxFile(dir, kind)));
    for (const record of readOutbox(dir, kind)) remember(index, kind, record);
  }
  state.indexes.set(dir, index);
  return index;
}

/**
 * Stores the request `build` makes, unless one with the same Idempotency-Key is stored already
 * (then returns that one). Runs one at a time in this process, so two tries of a key arriving
 * together are decided in order: the second sees the first. Only the functions' process writes
 * requests, so this is create-if-absent for the folder.
 */
export function storeOnce(
  dir: string,
  kind: string,
  key: string | undefined,
  confirmTo: string,
  build: (confirmationsToday: number) => StoredRequest,
): Promise<{ record: StoredRequest; created: boolean }> {
  const run = async () => {
    const index = indexOf(dir);
    const previous = key ? index.byKey.get(`${kind}:${key}`) : undefined;
    if (previous) return { record: previous, created: false };
    const since = Date.now() - 24 * 60 * 60 * 1000;
    const record = build((index.confirmations.get(mailboxOf(confirmTo)) ?? []).filter((time) => time > since).length);
    const file = outboxFile(dir, kind);
    await appendDurably(file, `${JSON.stringify(record)}\n`);
    remember(index, kind, record);
    index.sizes.set(kind, fileSize(file));
    return { record, created: true };
  };
  const result = state.tail.then(run, run);
  state.tail = result.catch(() => undefined);
  return result;
}
