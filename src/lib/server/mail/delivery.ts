/**
 * E-mail is delivery, not storage: a request and its e-mails are stored first (outbox.ts),
 * then each e-mail is sent at once and, when the mail server refuses or is away, retried with
 * backoff. Whoever sends (the function that stored it, the worker in the functions' process of
 * `npm start`, the scheduled function on Netlify, any number of servers) first claims the e-mail
 * in the database (deliveries.ts), so no two send the same one.
 *
 * A refusal for now (a 4xx reply, a server that is down or silent) is retried for as long as it
 * lasts, at most `retryMaxMs` apart. A refusal for good (a 5xx reply: no such mailbox, a policy)
 * is tried `permanentFailureTries` times in all, then the e-mail is marked failed.
 *
 * The one way an e-mail can go twice: the mail server accepts it and the process dies before
 * "sent" is recorded. After the claim's lease runs out it is sent again.
 *
 * A booking's hold ends at a time set when it is made (booking/booking-queries.ts); a booking none of whose
 * confirmations can be delivered lets its time go at once, in the transaction that records the
 * last refusal, and the sweep (reminders/hold-sweep.ts) gives up a confirmation its hold outlived.
 */
import { randomUUID } from "node:crypto";
import { database, type Database } from "../db/database";
import { claimDue, expireUndeliverable, finishDelivery, type DueMail } from "./deliveries";
import { processState, runtimeEnv } from "../runtime/runtime";
import { serverSettings, type ServerSettings } from "../runtime/settings";
import { sendMail } from "./mailer";

/** A claim older than this is taken to be abandoned (its process died); the SMTP timeouts are far shorter. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** How many e-mails one pass claims at a time. */
const BATCH = 20;

/** How long to wait after the n-th failed attempt: 5 s, 10 s, 20 s ... at most `retryMaxMs`. */
export const retryDelay = (
  attempts: number,
  { firstRetryMs, retryMaxMs }: Pick<ServerSettings, "firstRetryMs" | "retryMaxMs">,
) => Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);

/** Whether a mail server's refusal is for good: a 5xx reply to the connection, an address or the message. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export interface DeliveryConfig {
  db: Database;
  smtpUrl: string;
  settings: ServerSettings;
}

export async function deliveryConfig(env: NodeJS.ProcessEnv = runtimeEnv()): Promise<DeliveryConfig | null> {
  if (!env.SMTP_URL) return null;
  return { db: await database(env), smtpUrl: env.SMTP_URL, settings: serverSettings(env) };
}

const isConfirmation = (message: string) => message === "confirmation" || message === "agentConfirmation";

async function send(config: DeliveryConfig, due: DueMail): Promise<void> {
  const { db, settings } = config;
  try {
    await sendMail(config.smtpUrl, due.from, due.mail);
  } catch (error) {
    const permanent = isPermanentRefusal(error);
    const message = (error as Error).message;
    console.error(
      `[delivery] ${due.message} e-mail for ${due.reference} ${permanent ? "refused" : "failed"} (try ${due.attempts + 1}):`,
      message,
    );
    const now = Date.now();
    // The refusal and what follows from it commit together: no crash between them can leave a
    // failed confirmation whose booking still holds its time.
    await db.transaction(async (tx) => {
      const state = await finishDelivery(tx, due.reference, due.message, due.claim, {
        event: "failed",
        at: new Date(now).toISOString(),
        error: message,
        permanent,
        retryAt: new Date(now + retryDelay(due.attempts + 1, settings)).toISOString(),
        giveUpAfter: settings.permanentFailureTries,
      });
      if (state === "failed" && isConfirmation(due.message)) {
        await expireUndeliverable(tx, due.reference, new Date(now).toISOString());
      }
    });
    return;
  }
  await finishDelivery(db, due.reference, due.message, due.claim, { event: "sent", at: new Date().toISOString() });
}

/** Claims and sends the due e-mails (of one request, or all), in batches until none is due. */
export async function deliverDue(config: DeliveryConfig, reference?: string): Promise<void> {
  for (;;) {
    const now = Date.now();
    const claimed = await claimDue(config.db, {
      claim: randomUUID(),
      now: new Date(now).toISOString(),
      until: new Date(now + CLAIM_LEASE_MS).toISOString(),
      limit: BATCH,
      reference,
    });
    // One request's e-mails in order, the business's first; requests side by side.
    const byRequest = new Map<string, DueMail[]>();
    for (const due of claimed) byRequest.set(due.reference, [...(byRequest.get(due.reference) ?? []), due]);
    await Promise.all(
      [...byRequest.values()].map(async (mails) => {
        for (const due of mails) await send(config, due);
      }),
    );
    if (claimed.length < BATCH) return;
  }
}

/** What a pass stores before it sends: the reminders due (reminders/reminders.ts, given by the server). */
export type BeforePass = (db: Database, now: Date) => Promise<unknown>;

/**
 * Runs `beforePass` and sends what is due, now and every `deliveryPassMs`, for the life of the
 * process (the timer does not keep it alive). Returns a function that stops it. Without SMTP_URL
 * only `beforePass` runs (its e-mails are kept for the local mail view); without either, nothing.
 *
 * The reminders come in as a function so that this module, which the Netlify scheduled function
 * bundles, reads no content file itself.
 */
export function startDeliveryWorker(env: NodeJS.ProcessEnv = runtimeEnv(), beforePass?: BeforePass): () => void {
  if (!env.SMTP_URL && !beforePass) return () => undefined;
  let running = false;
  // A database that stays away fails every pass: its reason is logged when it changes, not each time.
  let lastFailure: string | null = null;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (beforePass) await beforePass(await database(env), new Date());
      lastFailure = null;
    } catch (error) {
      const reason = (error as Error).message;
      if (reason !== lastFailure) console.error("[reminders] pass failed:", reason);
      lastFailure = reason;
    }
    try {
      const config = await deliveryConfig(env);
      if (config) await deliverDue(config);
    } catch (error) {
      console.error("[delivery] pass failed:", (error as Error).message);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), serverSettings(env).deliveryPassMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Starts this process's worker once (on one server; on Netlify the scheduled function retries). */
export function ensureDeliveryWorker(env: NodeJS.ProcessEnv = runtimeEnv(), beforePass?: BeforePass): void {
  processState("delivery-worker", () => startDeliveryWorker(env, beforePass));
}
