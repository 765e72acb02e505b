/**
 * E-mail is delivery, not storage: a request and its e-mails are stored first (outbox.ts), then each is sent at
 * once and retried with backoff while the mail server refuses for now (4xx, down or silent); a refusal for good
 * (5xx) is tried `permanentFailureTries` times, then marked failed. Whoever sends first claims the e-mail
 * (deliveries.ts), and none goes twice: docs/requests.md says how the lease and the hand-over ensure it. Each
 * request sends its own (deliver-now.ts); the rest is the delivery pass's (`deliveryPass`).
 */
import { randomUUID } from "node:crypto";
import { database, type Database } from "../db/database";
import { claimDue, finishDelivery, recordHandOver, releaseClaim, renewClaim, type DueMail } from "./deliveries";
import { existingProcessState, processState, runtimeEnv } from "../runtime/runtime";
import { serverSettings, type ServerSettings } from "../runtime/settings";
import { longestSendMs, sendMail } from "./mailer";

/**
 * What a claim's lease allows beyond the longest send: the database writes around the send (the
 * hand-over's among them, each within `databaseStatementMs`) and clocks that differ between servers.
 */
const LEASE_MARGIN_MS = 30_000;

/**
 * How long a claim holds an e-mail from the start of its send: longer than any send can take under
 * the SMTP timeouts in force, so no setting makes a lease lapse while its send goes on. This is the
 * one place the figure is made.
 */
export const claimLeaseMs = (settings: ServerSettings): number =>
  longestSendMs(settings) + settings.databaseStatementMs + LEASE_MARGIN_MS;

/** How many e-mails a pass claims at a time. */
const BATCH = 20;

/**
 * How long a delivery pass may take: Netlify stops a scheduled function at 30 s, and a pass that
 * starts no send after `SCHEDULED_PASS_MS - smtpConnectMs` leaves the sends it started that long to
 * finish, and the function some seconds beyond that to record them and answer.
 */
export const SCHEDULED_PASS_MS = 20_000;

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

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a send failed with the mail server's own answer (a refusal), rather than a silence or a lost connection. */
const answeredByServer = (error: unknown) => typeof (error as { responseCode?: unknown }).responseCode === "number";

async function send(config: DeliveryConfig, due: DueMail, now: () => number): Promise<void> {
  const { db, settings } = config;
  if (!(await renewClaim(db, due, iso(now() + claimLeaseMs(settings))))) return;
  let handedOver = false;
  try {
    await sendMail(config.smtpUrl, due.from, due.mail, async () => {
      await recordHandOver(db, due, iso(now()));
      handedOver = true;
    });
  } catch (error) {
    const message = (error as Error).message;
    if (handedOver && !answeredByServer(error)) {
      // The server had the message and never answered it: it may have been sent.
      console.error(`[delivery] ${due.message} e-mail for ${due.reference} may have been sent:`, message);
      await finishDelivery(db, due.reference, due.message, due.claim, {
        event: "unanswered",
        at: iso(now()),
        error: message,
      });
      return;
    }
    const permanent = isPermanentRefusal(error);
    console.error(
      `[delivery] ${due.message} e-mail for ${due.reference} ${permanent ? "refused" : "failed"} (try ${due.attempts + 1}):`,
      message,
    );
    const at = now();
    // A booking none of whose confirmations can be delivered is the hold sweep's to let go
    // (booking/server/hold-sweep.ts): the outbox writes only its own table.
    await finishDelivery(db, due.reference, due.message, due.claim, {
      event: "failed",
      at: iso(at),
      error: message,
      permanent,
      retryAt: iso(at + retryDelay(due.attempts + 1, settings)),
      giveUpAfter: settings.permanentFailureTries,
    });
    return;
  }
  await finishDelivery(db, due.reference, due.message, due.claim, { event: "sent", at: iso(now()) });
}

export interface PassLimits {
  /** The e-mails of these requests only (a request's own), or, absent, every one due. */
  references?: readonly string[];
  /** When the pass must be done (ms since the epoch). */
  until: number;
  /** The time a send must have before `until` to be started; a pass with less claims no more. */
  reserveMs?: number;
  /** The clock (ms since the epoch); a test gives its own. */
  now?: () => number;
}

/**
 * Claims and sends the due e-mails (of `references`, or all), a batch at a time, while there is
 * time to start a send; an e-mail claimed and not reached in time is given back for the next pass.
 */
export async function deliverDue(
  config: DeliveryConfig,
  { references, until, reserveMs = 0, now = Date.now }: PassLimits,
): Promise<void> {
  if (references && !references.length) return;
  const inTime = () => until - now() >= reserveMs;
  while (inTime()) {
    const at = now();
    const claimed = await claimDue(config.db, {
      claim: randomUUID(),
      now: iso(at),
      until: iso(at + claimLeaseMs(config.settings)),
      limit: BATCH,
      references,
    });
    // One request's e-mails in order, the business's first; requests side by side.
    const byRequest = new Map<string, DueMail[]>();
    for (const due of claimed) byRequest.set(due.reference, [...(byRequest.get(due.reference) ?? []), due]);
    await Promise.all(
      [...byRequest.values()].map(async (mails) => {
        for (const due of mails) {
          if (inTime()) await send(config, due, now);
          else await releaseClaim(config.db, due);
        }
      }),
    );
    if (claimed.length < BATCH) return;
  }
}

/**
 * One delivery pass over every e-mail due, within `SCHEDULED_PASS_MS` of `started`: no send starts
 * with less than `smtpConnectMs` left, and what is left is the next pass's.
 */
export function deliveryPass(
  config: DeliveryConfig,
  { started = Date.now(), now = Date.now }: { started?: number; now?: () => number } = {},
): Promise<void> {
  return deliverDue(config, { until: started + SCHEDULED_PASS_MS, reserveMs: config.settings.smtpConnectMs, now });
}

/** What a pass runs before it sends: the periodic pass (src/passes/periodic-pass.ts, given by the server). */
export type BeforePass = (db: Database, now: Date) => Promise<unknown>;

/**
 * Runs `beforePass` and sends what is due, now and every `deliveryPassMs`, for the life of the
 * process (the timer does not keep it alive). Returns a function that stops it. Without SMTP_URL
 * only `beforePass` runs (its e-mails are kept for the local mail view); without either, nothing.
 *
 * The periodic pass comes in as a function so that this module, which the Netlify scheduled function
 * bundles, reads no content file itself.
 */
export interface DeliveryWorker {
  stop: () => void;
  /** Runs a pass now, or right after the one running. */
  soon: () => void;
}

export function startDeliveryWorker(env: NodeJS.ProcessEnv = runtimeEnv(), beforePass?: BeforePass): DeliveryWorker {
  if (!env.SMTP_URL && !beforePass) return { stop: () => undefined, soon: () => undefined };
  let running = false;
  let again = false;
  // A database that stays away fails every pass: its reason is logged when it changes, not each time.
  let lastFailure: string | null = null;
  const tick = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
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
      if (config) await deliveryPass(config);
    } catch (error) {
      console.error("[delivery] pass failed:", (error as Error).message);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      await tick();
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), serverSettings(env).deliveryPassMs);
  timer.unref();
  return { stop: () => clearInterval(timer), soon: () => void tick() };
}

/**
 * Runs this process's pass now, when it has one (one server): what a request left to do after its
 * answer (a refund owed, a Checkout Session to end) is done at once. On Netlify no worker runs, and
 * the scheduled pass does it within a minute.
 */
export function passSoon(): void {
  existingProcessState<DeliveryWorker>("delivery-worker")?.soon();
}

/** Starts this process's worker once (on one server; on Netlify the scheduled function retries). */
export function ensureDeliveryWorker(env: NodeJS.ProcessEnv = runtimeEnv(), beforePass?: BeforePass): void {
  processState("delivery-worker", () => startDeliveryWorker(env, beforePass));
}
