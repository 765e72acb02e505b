/**
 * The outbox: the durable store of one server, JSON lines in OUTBOX_DIR that are only appended to:
 *
 * - `<kind>.jsonl`: one line per accepted request (the record, the answer it got, the e-mails it
 *   should produce), written and flushed to disk before the visitor is told it was received.
 * - `deliveries.jsonl`: what happened to each e-mail (claimed, sent, failed).
 * - `archive/`: requests whose e-mails are all settled, moved out of the live files once enough
 *   have piled up (keeping the last day's), with their delivery lines. Nothing reads the archive
 *   but `npm run outbox` and the tests.
 *
 * One process writes the folder: the functions' process of `npm start`, which also delivers the
 * e-mails. It keeps an index in memory and reads only the lines appended since it last looked, so
 * storing a request or a pass of delivery costs the same with ten requests stored or ten thousand.
 * A crash at any moment loses nothing: a torn last line is closed before the next append and
 * skipped by the reader; the archive is written and flushed before the live files are replaced.
 * On a serverless host the disk does not last, so there the outbox is used only when OUTBOX_DIR
 * is set explicitly (to durable storage).
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, open, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { mailboxOf } from "./mail/mailbox-address";
import { onNetlify, processState, runtimeEnv } from "./http/runtime";
import { serverSettings } from "./http/settings";
import { slotFiles } from "./slot-files";
import type { DeliveryEvent, RequestStore, StoredEntry, StoredRequest } from "./store-types";

export const KINDS = ["schedule-requests", "contact-messages", "booking-changes"] as const;
const DELIVERIES = "deliveries";
const ARCHIVE = "archive";
const DAY_MS = 24 * 60 * 60 * 1000;

export function outboxDir(env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  if (env.OUTBOX_DIR) return path.resolve(env.OUTBOX_DIR);
  if (env.AWS_LAMBDA_FUNCTION_NAME || env.NETLIFY || onNetlify(env)) return null;
  return path.resolve(".data/outbox");
}

export const outboxFile = (dir: string, name: string) => path.join(dir, `${name}.jsonl`);

/** The complete lines of a text; a line torn by a crash in the middle of a write is skipped. */
function parseLines<T>(text: string): T[] {
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

function readLines<T>(file: string): T[] {
  try {
    return parseLines<T>(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The live file and then the archive's, of one name ("schedule-requests", "deliveries"), archive first. */
function allLines<T>(dir: string, name: string): T[] {
  let archived: string[] = [];
  try {
    archived = readdirSync(path.join(dir, ARCHIVE))
      .filter((file) => file.startsWith(`${name}-`) && file.endsWith(".jsonl"))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return [
    ...archived.flatMap((file) => readLines<T>(path.join(dir, ARCHIVE, file))),
    ...readLines<T>(outboxFile(dir, name)),
  ];
}

/**
 * Every stored request of one kind, archived ones included, oldest first. (A crash while
 * archiving can leave a request in two files; it is listed once.)
 */
export function readOutbox(dir: string, kind: string): StoredRequest[] {
  const seen = new Set<string>();
  return allLines<StoredRequest>(dir, kind).filter(
    (record) => !seen.has(record.reference) && seen.add(record.reference),
  );
}

/** Writes a whole file so that it is either all there or not there: a temporary file, flushed, then renamed. */
async function writeWhole(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, "w");
  try {
    await handle.write(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(path.dirname(file), "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** What this process knows of a folder: the live requests and their e-mails' events. */
interface Index {
  /** Bytes of each live file read so far. */
  offsets: Map<string, number>;
  /** Files whose end this process has checked for a line torn by an earlier crash. */
  checked: Set<string>;
  records: Map<string, StoredEntry>;
  byKey: Map<string, StoredRequest>;
  /** Recipient mailbox (see mailbox-address.ts) to the times confirmations to it were accepted. */
  confirmations: Map<string, number[]>;
  events: Map<string, DeliveryEvent[]>;
  /** Requests with e-mail that no delivery pass has yet found settled. */
  unsettled: Set<string>;
  /** Requests found settled since the archive was last looked at. */
  settledSinceArchiving: number;
  /** One write at a time: appends, and the archiving that replaces the live files. */
  tail: Promise<unknown>;
}

const indexes = processState("outbox-indexes", () => new Map<string, Index>());

function indexFor(dir: string): Index {
  let index = indexes.get(dir);
  if (!index) {
    index = {
      offsets: new Map(),
      checked: new Set(),
      records: new Map(),
      byKey: new Map(),
      confirmations: new Map(),
      events: new Map(),
      unsettled: new Set(),
      settledSinceArchiving: 0,
      tail: Promise.resolve(),
    };
    indexes.set(dir, index);
  }
  return index;
}

function serially<T>(index: Index, task: () => Promise<T>): Promise<T> {
  const result = index.tail.then(task, task);
  index.tail = result.catch(() => undefined);
  return result;
}

function rememberRecord(index: Index, kind: string, record: StoredRequest) {
  if (index.records.has(record.reference)) return;
  index.records.set(record.reference, { kind, record });
  if (record.idempotencyKey) index.byKey.set(`${kind}:${record.idempotencyKey}`, record);
  for (const message of [record.mail?.confirmation, record.mail?.agentConfirmation]) {
    if (!message) continue;
    const mailbox = mailboxOf(message.to);
    index.confirmations.set(mailbox, [...(index.confirmations.get(mailbox) ?? []), Date.parse(record.receivedAt)]);
  }
  if (record.mail) index.unsettled.add(record.reference);
}

function rememberEvent(index: Index, event: DeliveryEvent) {
  index.events.set(event.reference, [...(index.events.get(event.reference) ?? []), event]);
}

const READ_CHUNK = 4 * 1024 * 1024;

/** Reads what was appended to one live file since the last look, in chunks; returns its complete lines. */
async function readAppended<T>(index: Index, file: string): Promise<T[]> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let offset = index.offsets.get(file) ?? 0;
    const lines: T[] = [];
    let rest = "";
    while (offset < size) {
      const buffer = Buffer.alloc(Math.min(READ_CHUNK, size - offset));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) break;
      const text = rest + buffer.subarray(0, bytesRead).toString("utf8");
      const end = text.lastIndexOf("\n");
      lines.push(...parseLines<T>(end === -1 ? "" : text.slice(0, end)));
      rest = end === -1 ? text : text.slice(end + 1);
      offset += bytesRead;
    }
    // A line without its end is a write torn by a crash (the next append closes it first); it
    // counts as read, so it is never joined to a later line.
    index.offsets.set(file, offset);
    return lines;
  } finally {
    await handle.close();
  }
}

/** Brings the index up to date with everything appended to the live files. */
async function catchUp(dir: string, index: Index): Promise<void> {
  for (const kind of KINDS) {
    for (const record of await readAppended<StoredRequest>(index, outboxFile(dir, kind))) {
      rememberRecord(index, kind, record);
    }
  }
  for (const event of await readAppended<DeliveryEvent>(index, outboxFile(dir, DELIVERIES))) {
    rememberEvent(index, event);
  }
}

/** Appends one line and flushes it to disk, first closing a line an earlier crash left torn. */
async function appendDurably(index: Index, file: string, line: object): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "a+");
  try {
    let text = `${JSON.stringify(line)}\n`;
    if (!index.checked.has(file)) {
      const { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) text = `\n${text}`;
      }
      index.checked.add(file);
    }
    await handle.write(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Moves the requests whose e-mails are all settled and that are more than a day old, with their
 * delivery lines, from the live files into a new archive file each, once there are at least
 * `threshold`. Crash-safe in this order: the archive files are complete on disk before any live
 * file is replaced; the request files are replaced before the delivery file, so a live request
 * never loses the lines that say its e-mails were sent. (A crash in between can leave a request
 * in the archive and the live file at once: it is archived again later, and read once.)
 */
async function archiveSettled(dir: string, index: Index, threshold: number, now: number): Promise<number> {
  const done = new Set(
    [...index.records.values()]
      .filter(({ record }) => !index.unsettled.has(record.reference) && now - Date.parse(record.receivedAt) > DAY_MS)
      .map(({ record }) => record.reference),
  );
  if (done.size < threshold) return 0;
  const stamp = `${new Date(now).toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const split = async (name: string, belongsToArchive: (line: { reference: string }) => boolean) => {
    const file = outboxFile(dir, name);
    let text = "";
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const lines = text.split("\n").filter(Boolean);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as { reference: string };
      } catch {
        return null;
      }
    });
    const archived = lines.filter((_, i) => parsed[i] && belongsToArchive(parsed[i]!));
    const kept = lines.filter((_, i) => parsed[i] && !belongsToArchive(parsed[i]!));
    return { file, archived, kept };
  };
  const requestFiles = await Promise.all(KINDS.map((kind) => split(kind, (line) => done.has(line.reference))));
  const liveReferences = new Set([...index.records.keys()].filter((reference) => !done.has(reference)));
  // Lines of requests no longer live (archived now, or by an earlier archiving that a crash cut short).
  const deliveries = await split(DELIVERIES, (line) => !liveReferences.has(line.reference));

  for (const [name, part] of [
    ...KINDS.map((kind, i) => [kind, requestFiles[i]!] as const),
    [DELIVERIES, deliveries] as const,
  ]) {
    if (part.archived.length) {
      await writeWhole(path.join(dir, ARCHIVE, `${name}-${stamp}.jsonl`), `${part.archived.join("\n")}\n`);
    }
  }
  for (const part of [...requestFiles, deliveries]) {
    const text = part.kept.length ? `${part.kept.join("\n")}\n` : "";
    await writeWhole(part.file, text);
    index.offsets.set(part.file, Buffer.byteLength(text));
  }
  for (const reference of done) {
    const entry = index.records.get(reference)!;
    index.records.delete(reference);
    index.events.delete(reference);
    if (entry.record.idempotencyKey) index.byKey.delete(`${entry.kind}:${entry.record.idempotencyKey}`);
  }
  for (const [address, times] of index.confirmations) {
    const recent = times.filter((time) => now - time <= DAY_MS);
    if (recent.length) index.confirmations.set(address, recent);
    else index.confirmations.delete(address);
  }
  return done.size;
}

/** The outbox folder as a RequestStore: the first live claim in deliveries.jsonl wins. */
export function fileStore(dir: string, env: NodeJS.ProcessEnv = runtimeEnv()): RequestStore {
  const index = indexFor(dir);
  const processId = randomUUID();
  const event = (fields: Omit<DeliveryEvent, "at">): DeliveryEvent => ({ ...fields, at: new Date().toISOString() });
  return {
    id: dir,
    slots: slotFiles(dir),
    /**
     * Stores the request `build` makes, unless one with the same Idempotency-Key is stored already
     * (then returns that one). One at a time, so two tries of a key arriving together are decided
     * in order: the second sees the first.
     */
    storeOnce: (kind, key, _confirmTo, build) =>
      serially(index, async () => {
        await catchUp(dir, index);
        const previous = key ? index.byKey.get(`${kind}:${key}`) : undefined;
        if (previous) return { record: previous, created: false };
        const since = Date.now() - DAY_MS;
        const record = build(
          (address) => (index.confirmations.get(mailboxOf(address)) ?? []).filter((time) => time > since).length,
        );
        await appendDurably(index, outboxFile(dir, kind), record);
        await catchUp(dir, index);
        return { record, created: true };
      }),
    findByKey: (kind, key) =>
      serially(index, async () => {
        await catchUp(dir, index);
        return index.byKey.get(`${kind}:${key}`) ?? null;
      }),
    records: async () =>
      KINDS.flatMap((kind) => readOutbox(dir, kind).map((record) => ({ kind, record }))).sort((a, b) =>
        a.record.receivedAt.localeCompare(b.record.receivedAt),
      ),
    unsettled: () =>
      serially(index, async () => {
        await catchUp(dir, index);
        return [...index.unsettled].map((reference) => ({
          ...index.records.get(reference)!,
          events: index.events.get(reference) ?? [],
        }));
      }),
    deliveryEvents: async (reference) => {
      if (!reference) return allLines<DeliveryEvent>(dir, DELIVERIES);
      return serially(index, async () => {
        await catchUp(dir, index);
        return index.events.get(reference) ?? [];
      });
    },
    claim: (reference, message, holder) =>
      serially(index, async () => {
        const claim = `${processId}:${randomUUID()}`;
        await appendDurably(index, outboxFile(dir, DELIVERIES), event({ reference, message, event: "claimed", claim }));
        await catchUp(dir, index);
        return holder(index.events.get(reference) ?? []) === claim ? claim : null;
      }),
    finish: (reference, message, claim, outcome) =>
      serially(index, async () => {
        await appendDurably(index, outboxFile(dir, DELIVERIES), event({ reference, message, claim, ...outcome }));
        await catchUp(dir, index);
      }),
    settled: ({ record }) =>
      serially(index, async () => {
        if (!index.unsettled.delete(record.reference)) return;
        // The live files are looked through once per `archiveAfterSettled` settled requests, so
        // archiving costs each request a share of one pass, not a pass of its own.
        const threshold = serverSettings(env).archiveAfterSettled;
        if (++index.settledSinceArchiving < threshold) return;
        index.settledSinceArchiving = 0;
        await archiveSettled(dir, index, threshold, Date.now());
      }),
  };
}
