/**
 * E-mail is delivery, not storage: a request is stored first (outbox.ts), then each of its e-mails
 * is sent at once and, when the mail server refuses or is away, retried with backoff until it is
 * accepted. Whoever sends a message (the function that stored it, the worker of `npm start`, the
 * scheduled function on Netlify) first claims it in the store: only one claim per try wins, so two
 * processes never send the same message.
 *
 * The one way a message can go twice: the mail server accepts it and the process dies before the
 * "sent" line is written. After the claim's lease runs out the message is sent again.
 */
import { sendMail } from "./mailer";
import { CLAIM_LEASE_MS, type DeliveryEvent, type MessageName, type StoredRequest } from "./outbox";
import { processState, runtimeEnv } from "./runtime";
import { DEFAULT_SETTINGS, serverSettings, type ServerSettings } from "./settings";
import { requestStore, type RequestStore } from "./store";

export { CLAIM_LEASE_MS };

/** The settings delivery reads. */
export type RetrySettings = Pick<ServerSettings, "firstRetryMs" | "retryMaxMs">;

export interface MessageState {
  reference: string;
  message: MessageName;
  state: "sent" | "pending" | "sending";
  attempts: number;
  lastError?: string;
  sentAt?: string;
  /** When it may be tried again (pending only). */
  dueAt: number;
  /** The live claim, if any. */
  claim?: string;
}

/** How long to wait after the n-th failed attempt: 5 s, 10 s, 20 s ... at most `retryMaxMs`. */
export const retryDelay = (attempts: number, { firstRetryMs, retryMaxMs }: RetrySettings) =>
  Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);

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
      lastFailure = at;
      lastError = event.error;
      holder = undefined;
    } else if (!sentAt && event.claim && (!holder || at - holder.at > CLAIM_LEASE_MS)) {
      holder = { claim: event.claim, at };
    }
  }
  if (sentAt) return { reference, message, state: "sent", attempts, lastError, sentAt, dueAt: Infinity };
  const live = holder && now - holder.at <= CLAIM_LEASE_MS ? holder : undefined;
  const dueAt = Math.max(attempts ? lastFailure + retryDelay(attempts, retry) : 0, live ? live.at + CLAIM_LEASE_MS : 0);
  return { reference, message, state: live ? "sending" : "pending", attempts, lastError, dueAt, claim: live?.claim };
}

/** The messages a stored request should produce. */
export function messagesOf(record: StoredRequest): MessageName[] {
  if (!record.mail) return [];
  return record.mail.confirmation ? ["business", "confirmation"] : ["business"];
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
      console.error(`[delivery] ${message} e-mail for ${reference} failed:`, (error as Error).message);
      await store.finish(reference, message, claim, { event: "failed", error: (error as Error).message });
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

/** One pass over the store: every message that is pending and due is tried once. */
export async function deliverPending(config: DeliveryConfig): Promise<void> {
  const events = await config.store.deliveryEvents();
  const now = Date.now();
  for (const { record } of await config.store.records()) {
    const due = messagesOf(record).some((message) => {
      const state = messageState(record.reference, message, events, now, config.settings);
      return state.state !== "sent" && state.dueAt <= now;
    });
    if (due) await deliverRequest(config, record);
  }
}

/**
 * Retries pending deliveries now and every few seconds, for the life of the process (the timer
 * does not keep it alive). Returns a function that stops it. Does nothing without SMTP_URL.
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

/** Each request's delivery state, for `npm run outbox` and the tests. */
export async function outboxStatus(store: RequestStore, now = Date.now()) {
  const events = await store.deliveryEvents();
  return (await store.records()).map(({ kind, record }) => ({
    kind,
    record,
    messages: messagesOf(record).map((message) =>
      messageState(record.reference, message, events, now, DEFAULT_SETTINGS),
    ),
  }));
}
