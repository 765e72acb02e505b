/**
 * The path every request to a function takes: method, rate limit, Idempotency-Key, body,
 * honeypot, schema, durable storage, then delivery. It answers 201 only once the request is
 * written durably; otherwise the visitor gets a status and a sentence saying what happened, and
 * nothing is reported as received that was not.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../business-data";
import { createHash } from "node:crypto";
import { deliverRequest, startDeliveryWorker } from "../mail/delivery";
import type { MailMessage } from "../mail/mailer";
import { sendMail } from "../mail/mailer";
import { HttpError, sendFailure } from "../http/http-error";
import { release, type Reservation } from "../booking/booking";
import { oneAtATime } from "../http/one-at-a-time";
import type { RequestStore, StoredRequest } from "../store-types";
import { createRateLimiter } from "../http/rate-limit";
import { readJsonBody } from "../http/read-body";
import { clientAddress } from "../http/client-address";
import { createReference } from "./reference";
import { onNetlify, processState, runtimeEnv } from "../http/runtime";
import { serverSettings } from "../http/settings";
import { requestStore } from "../store";

export interface RequestContext {
  reference: string;
  receivedAt: string;
  now: Date;
}

export type Acceptance =
  | { ok: false; fields: Record<string, string> }
  | {
      ok: true;
      /** The request as stored. */
      record: object;
      /** The request's fields as validated: a repeat of its Idempotency-Key must carry the same. */
      validated: object;
      emails: { business: MailMessage; confirmation: MailMessage; agentConfirmation: MailMessage | null };
      /** The 201 body. */
      response: object;
      /**
       * Holds what the request books (a booking's inspector time) before it is stored: a refusal
       * is the answer instead, and what is held is given back if the request is not stored.
       */
      reserve?: (store: RequestStore, now: Date) => Promise<Reservation>;
    };

export interface Endpoint {
  /** Names the outbox file: <kind>.jsonl. */
  kind: string;
  referencePrefix: string;
  accept(body: unknown, context: RequestContext, mailTo: string): Acceptance;
}

function minutes(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? "" : "s"}`;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function idempotencyKey(req: GatsbyFunctionRequest): string | undefined {
  const key = req.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, "The Idempotency-Key header must be a UUID (8 to 128 letters, digits and dashes).");
  }
  return key;
}

/**
 * What a repeat of an Idempotency-Key is compared by: the validated fields, not the raw body, so
 * keys the schema drops, spacing and key order do not make a repeat "another request", and only
 * data of the schema's own small shape is ever serialised.
 */
const fingerprint = (validated: object) => createHash("sha256").update(JSON.stringify(validated)).digest("base64url");

const unavailable = () =>
  new HttpError(
    503,
    `We could not save your request just now. Nothing was sent. Please try again in a few minutes or call us at ${business.phone}.`,
  );

/**
 * Stores the request (once per Idempotency-Key) and starts its delivery; answers what the first
 * try of the key was answered. Without durable storage but with SMTP_URL (a serverless host with
 * no store), the mail server's acceptance of the business e-mail is the only record, so the
 * visitor is told "received" only after it, and no confirmation is sent.
 */
async function store(
  req: GatsbyFunctionRequest,
  kind: string,
  key: string | undefined,
  acceptance: Extract<Acceptance, { ok: true }>,
  now: Date,
): Promise<{ status: number; body: object }> {
  const env = runtimeEnv();
  const store = requestStore(
    env,
    (req as { netlifyFunctionParams?: { event?: unknown } }).netlifyFunctionParams?.event,
  );
  const smtpUrl = env.SMTP_URL;
  const from = env.MAIL_FROM ?? `${business.name} <${business.email}>`;
  if (!store) {
    // A booking holds its time in the store; with none, nothing could keep two visitors apart.
    if (!smtpUrl || acceptance.reserve) {
      throw new HttpError(
        503,
        `This site cannot take requests right now: no delivery is configured. Nothing was sent; please call us at ${business.phone}.`,
      );
    }
    try {
      await sendMail(smtpUrl, from, acceptance.emails.business);
    } catch (error) {
      console.error(`[${kind}] e-mail to the business failed:`, error);
      throw new HttpError(
        503,
        `We could not deliver your request just now: our e-mail server did not accept it. Nothing was sent. Please try again in a few minutes or call us at ${business.phone}.`,
      );
    }
    return { status: 201, body: { ...acceptance.response, confirmationQueued: false } };
  }

  const print = fingerprint(acceptance.validated);
  const { confirmation, agentConfirmation } = acceptance.emails;
  const reference = (acceptance.record as StoredRequest).reference;

  // What the request books is claimed first (a repeat of a stored key is answered without a claim).
  let reservation: Extract<Reservation, { ok: true }> | null = null;
  if (acceptance.reserve) {
    let held: Reservation | null;
    try {
      const previous = key ? await store.findByKey(kind, key) : null;
      held = previous ? null : await acceptance.reserve(store, now);
    } catch (error) {
      console.error(`[${kind}] holding the booked time failed:`, error);
      throw unavailable();
    }
    if (held) {
      if (!held.ok) return { status: held.status, body: { error: held.message, starts: held.starts } };
      reservation = held;
    }
  }
  const giveBack = () => (reservation ? release(store, reservation.booking, "cancelled", Date.now()) : undefined);

  let stored;
  try {
    const recipients = [confirmation.to, ...(agentConfirmation ? [agentConfirmation.to] : [])];
    stored = await store.storeOnce(kind, key, recipients, (confirmationsToday) => {
      const limit = serverSettings(env).confirmationsPerAddressPerDay;
      const allowed = (message: MailMessage | null) =>
        Boolean(smtpUrl) && message !== null && confirmationsToday(message.to) < limit ? message : null;
      const confirm = allowed(confirmation);
      return {
        ...(acceptance.record as StoredRequest),
        ...(key ? { idempotencyKey: key, fingerprint: print } : {}),
        answer: { status: 201, body: { ...acceptance.response, confirmationQueued: Boolean(confirm) } },
        mail: smtpUrl
          ? {
              from,
              business: acceptance.emails.business,
              confirmation: confirm,
              agentConfirmation: allowed(agentConfirmation),
            }
          : null,
      };
    });
  } catch (error) {
    console.error(`[${kind}] writing the outbox failed:`, error);
    await giveBack();
    throw unavailable();
  }
  const { record, created } = stored;
  // Another try of the same key was stored first: its booking stands, this one's claim goes back.
  if (!created || record.reference !== reference) await giveBack();
  if (!created && record.fingerprint !== print) {
    throw new HttpError(
      422,
      "This Idempotency-Key was already used for a different request. Nothing was stored; send a new request with a new key.",
    );
  }
  if (created) {
    // Delivery starts now but the visitor does not wait for it: the request is already safe on disk.
    if (smtpUrl) {
      const config = { store, smtpUrl, settings: serverSettings(env) };
      // On one server the worker of this process retries (started with it by npm start, or here);
      // on Netlify the scheduled function does.
      if (!onNetlify(env)) processState("delivery-worker", () => startDeliveryWorker(env));
      void deliverRequest(config, record).catch((error) => console.error(`[${kind}] delivery failed:`, error));
    }
  }
  return record.answer!;
}

export function createRequestHandler(endpoint: Endpoint) {
  const limiter = processState(`rate-limit:${endpoint.kind}`, () => {
    const { rateLimitMax, rateLimitWindowMs } = serverSettings();
    return createRateLimiter({ max: rateLimitMax, windowMs: rateLimitWindowMs });
  });

  return async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    try {
      if (req.method !== "POST")
        throw new HttpError(405, "This address only accepts POST requests.", { Allow: "POST" });
      const limit = limiter.hit(clientAddress(req));
      if (!limit.allowed) {
        throw new HttpError(
          429,
          `Too many requests from your address. Please wait ${minutes(limit.retryAfterSeconds)} and try again, or call us at ${business.phone}.`,
          { "Retry-After": String(limit.retryAfterSeconds) },
        );
      }
      const body = await readJsonBody(req);
      if (typeof body === "object" && body !== null && "website" in body && body.website) {
        throw new HttpError(
          400,
          `This request looks automated and was not sent. If you filled in the form yourself, please call us at ${business.phone}.`,
        );
      }
      const key = idempotencyKey(req);
      const now = new Date();
      const context = { reference: createReference(endpoint.referencePrefix, now), receivedAt: now.toISOString(), now };
      const acceptance = endpoint.accept(body, context, runtimeEnv().MAIL_TO ?? business.email);
      if (!acceptance.ok) {
        res.status(400).json({ error: "Some fields need attention.", fields: acceptance.fields });
        return;
      }
      const answer =
        acceptance.reserve && key
          ? await oneAtATime(`${endpoint.kind}:${key}`, () => store(req, endpoint.kind, key, acceptance, now))
          : await store(req, endpoint.kind, key, acceptance, now);
      res.status(answer.status).json(answer.body);
    } catch (error) {
      sendFailure(
        res,
        error,
        endpoint.kind,
        `Something went wrong on our side and nothing was sent. Please call us at ${business.phone}.`,
      );
    }
  };
}
