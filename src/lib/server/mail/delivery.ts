/**
 * E-mail is delivery, not storage: a request is stored first (store-types.ts), then each of its
 * e-mails is sent at once and, when the mail server refuses or is away, retried with backoff.
 * Whoever sends a message (the function that stored it, the worker in the functions' process of
 * `npm start`, the scheduled function on Netlify) first claims it in the store: only one claim per
 * try wins, so two processes never send the same message.
 *
 * A refusal for now (a 4xx reply, a server that is down or silent) is retried for as long as it
 * lasts, at most `retryMaxMs` apart. A refusal for good (a 5xx reply: no such mailbox, a policy)
 * is tried `permanentFailureTries` times in all, then the message is marked failed and left for
 * `npm run outbox` to show.
 *
 * The one way a message can go twice: the mail server accepts it and the process dies before the
 * "sent" line is written. After the claim's lease runs out the message is sent again.
 */
import { sendMail } from "./mailer";
import { processState, runtimeEnv } from "../http/runtime";
import { DEFAULT_SETTINGS, serverSettings, type ServerSettings } from "../http/settings";
import { requestStore } from "../store";
import {
  CLAIM_LEASE_MS,
  type DeliveryEvent,
  type MessageName,
  type RequestStore,
  type StoredEntry,
  type StoredRequest,
} from "../store-types";

export { CLAIM_LEASE_MS };

/** The settings delivery reads. */
export type RetrySettings = Pick<ServerSettings, "firstRetryMs" | "retryMaxMs" | "permanentFailureTries">;

export interface MessageState {
  reference: string;
  message: MessageName;
  /** sent and failed are settled: nothing more will be tried. */
  state: "sent" | "failed" | "pending" | "sending";
  attempts: number;
  lastError?: string;
  sentAt?: string;
  /** When it may be tried again (pending only). */
  dueAt: number;
  /** The live claim, if any. */
  claim?: string;
}

/** How long to wait after the n-th failed attempt: 5 s, 10 s, 20 s ... at most `retryMaxMs`. */
export const retryDelay = (
  attempts: number,
  { firstRetryMs, retryMaxMs }: Pick<RetrySettings, "firstRetryMs" | "retryMaxMs">,
) => Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);

/** The state of one message from its delivery events, in the order they were written. */
export function messageState(
  reference: string,
  message: MessageName,
  events: DeliveryEvent[],
  now: number,
  retry: RetrySettings,
): MessageState {
  let holder: { claim: string; at: number } | undefined;
  let attempts = 0;
  let refusals = 0;
  let lastFailure = 0;
  let lastError: string | undefined;
  let sentAt: string | undefined;
  for (const event of events) {
    if (event.reference !== reference || event.message !== message) continue;
    const at = Date.parse(event.at);
    if (event.event === "sent") {
      sentAt ??= event.at;
      holder = undefined;
    } else if (event.event === "failed") {
      attempts += 1;
      if (event.permanent) refusals += 1;
      lastFailure = at;
      lastError = event.error;
      holder = undefined;
    } else if (!sentAt && event.claim && (!holder || at - holder.at > CLAIM_LEASE_MS)) {
      holder = { claim: event.claim, at };
    }
  }
  if (sentAt) return { reference, message, state: "sent", attempts, lastError, sentAt, dueAt: Infinity };
  if (refusals >= retry.permanentFailureTries) {
    return { reference, message, state: "failed", attempts, lastError, dueAt: Infinity };
  }
  const live = holder && now - holder.at <= CLAIM_LEASE_MS ? holder : undefined;
  const dueAt = Math.max(attempts ? lastFailure + retryDelay(attempts, retry) : 0, live ? live.at + CLAIM_LEASE_MS : 0);
  return { reference, message, state: live ? "sending" : "pending", attempts, lastError, dueAt, claim: live?.claim };
}

const isSettled = (state: MessageState) => state.state === "sent" || state.state === "failed";

/** The messages a stored request should produce. */
export function messagesOf(record: StoredRequest): MessageName[] {
  if (!record.mail) return [];
  return [
    "business",
    ...(record.mail.confirmation ? (["confirmation"] as const) : []),
    ...(record.mail.agentConfirmation ? (["agentConfirmation"] as const) : []),
  ];
}

/** Whether a mail server's refusal is for good: a 5xx reply to the connection, an address or the message. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export interface DeliveryConfig {
  store: RequestStore;
  smtpUrl: string;
  settings: ServerSettings;
}

export function deliveryConfig(env: NodeJS.ProcessEnv = runtimeEnv()): DeliveryConfig | null {
  const store = requestStore(env);
  if (!store || !env.SMTP_URL) return null;
  return { store, smtpUrl: env.SMTP_URL, settings: serverSettings(env) };
}

const local = processState("delivery", () => ({ inFlight: new Set<string>() }));

/** Sends one message if it is due and this process wins the claim; records the outcome. */
async function deliverMessage(config: DeliveryConfig, record: StoredRequest, message: MessageName): Promise<void> {
  const { store, settings } = config;
  const { reference } = record;
  const lock = `${store.id}:${reference}:${message}`;
  if (local.inFlight.has(lock)) return;
  local.inFlight.add(lock);
  try {
    const before = messageState(reference, message, await store.deliveryEvents(reference), Date.now(), settings);
    if (before.state !== "pending" || before.dueAt > Date.now()) return;
    const claim = await store.claim(
      reference,
      message,
      (events) => messageState(reference, message, events, Date.now(), settings).claim,
    );
    if (!claim) return;
    const mail = record.mail!;
    try {
      await sendMail(config.smtpUrl, mail.from, mail[message]!);
    } catch (error) {
      const permanent = isPermanentRefusal(error);
      console.error(
        `[delivery] ${message} e-mail for ${reference} ${permanent ? "refused" : "failed"} (try ${before.attempts + 1}):`,
        (error as Error).message,
      );
      await store.finish(reference, message, claim, { event: "failed", error: (error as Error).message, permanent });
      return;
    }
    await store.finish(reference, message, claim, { event: "sent" });
  } finally {
    local.inFlight.delete(lock);
  }
}

/** Tries every due message of one request, the business's first. */
export async function deliverRequest(config: DeliveryConfig, record: StoredRequest): Promise<void> {
  for (const message of messagesOf(record)) await deliverMessage(config, record, message);
}

/**
 * One pass over the requests still unsettled: every message that is due is tried once, and a
 * request whose messages are all settled is handed back to the store, which stops listing it.
 */
export async function deliverPending(config: DeliveryConfig): Promise<void> {
  const now = Date.now();
  for (const entry of await config.store.unsettled()) {
    const { record, events } = entry;
    const states = messagesOf(record).map((message) =>
      messageState(record.reference, message, events, now, config.settings),
    );
    if (states.every(isSettled)) await config.store.settled(entry);
    else if (states.some((state) => !isSettled(state) && state.dueAt <= now)) await deliverRequest(config, record);
  }
}

/**
 * Retries pending deliveries now and every `deliveryPassMs`, for the life of the process (the
 * timer does not keep it alive). Returns a function that stops it. Does nothing without SMTP_URL.
 */
export function startDeliveryWorker(env: NodeJS.ProcessEnv = runtimeEnv()): () => void {
  const config = deliveryConfig(env);
  if (!config) return () => undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(config);
    } catch (error) {
      console.error("[delivery] pass failed:", error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), config.settings.deliveryPassMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Each request's delivery state, for `npm run outbox` and the tests (reads everything stored). */
export async function outboxStatus(
  store: RequestStore,
  now = Date.now(),
): Promise<Array<StoredEntry & { messages: MessageState[] }>> {
  const events = await store.deliveryEvents();
  const byReference = new Map<string, DeliveryEvent[]>();
  for (const event of events) byReference.set(event.reference, [...(byReference.get(event.reference) ?? []), event]);
  return (await store.records()).map(({ kind, record }) => ({
    kind,
    record,
    messages: messagesOf(record).map((message) =>
      messageState(record.reference, message, byReference.get(record.reference) ?? [], now, DEFAULT_SETTINGS),
    ),
  }));
}
