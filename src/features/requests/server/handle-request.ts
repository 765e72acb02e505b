/**
 * The path every request to a function takes: method, rate limit, Idempotency-Key, body,
 * honeypot, schema, the database, then delivery. It answers 201 only once the request is
 * committed; otherwise the visitor gets a status and a sentence saying what happened, and
 * nothing is reported as received that was not.
 */
import { addMinutes, subHours } from "date-fns";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { createHash } from "node:crypto";
import { availability, business } from "../../../lib/content/business-data";
import type { Refusal, Booking, BookingFacts, bookingPlan } from "../../booking/server";
import { errorCode, UNIQUE_VIOLATION, type Queryable } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { RETRY_AFTER_SECONDS } from "../../../lib/server/db/unavailable";
import { earlierAndSentRead, findByKey, insertRequest, type StoredRequest } from "../../../lib/server/mail/outbox";
import { inOneTrip, NO_READ } from "../../../lib/server/db/one-trip";
import { lockKeys } from "../../../lib/server/db/advisory-locks";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { serverSettings } from "../../../lib/server/runtime/settings";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { mailboxOf } from "../../../lib/server/mail/mailbox-address";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { idempotencyKey } from "../../../lib/server/http/idempotency-key";
import { createReference } from "../../../lib/server/mail/reference";

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
      /**
       * The business's, the client's confirmation, the agent's who booked, and the copy for an agent the
       * client asked us to copy (which confirms nothing, so a hold does not wait on it).
       */
      emails: {
        business: MailMessage;
        confirmation: MailMessage;
        agentConfirmation: MailMessage | null;
        agentCopy: MailMessage | null;
      };
      /** The 201 body. */
      response: object;
      /**
       * Books what the request asks for in the transaction that stores it: a refusal is the
       * answer instead, and nothing is stored. `confirmBy` is when the hold ends unless it is
       * confirmed: set as it is made, whatever the mail does.
       */
      book?: (
        tx: Queryable,
        confirmBy: string,
        facts?: BookingFacts,
      ) => Promise<{ ok: true; booking: Booking } | Refusal>;
      /** What the booking locks and reads first, with the request's own (booking.ts, bookingPlan). */
      bookingPlan?: ReturnType<typeof bookingPlan>;
    };

export interface Endpoint {
  /** The kind of request stored: "schedule-requests", "contact-messages". */
  kind: string;
  referencePrefix: string;
  accept(body: unknown, context: RequestContext, mailTo: string): Acceptance;
}

function minutes(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? "" : "s"}`;
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
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );

/** An answer that ends the transaction with nothing stored (a booking refused). */
class Refused extends Error {
  constructor(readonly answer: { status: number; body: object }) {
    super("refused");
  }
}

/** The answer a repeat of a stored key gets: the first answer, or 422 when the fields differ. */
function repeatAnswer(previous: StoredRequest, print: string): { status: number; body: object } {
  if (previous.fingerprint !== print) {
    throw new HttpError(
      422,
      "This Idempotency-Key was already used for a different request. Nothing was stored; send a new request with a new key.",
    );
  }
  return previous.answer;
}

/**
 * Stores the request, its e-mails and what it books in one transaction (once per
 * Idempotency-Key, on any server), then starts delivery; answers what the first try of the key
 * was answered. Without SMTP_URL the e-mails are kept for the local mail view instead. The
 * office (the desk) sends to whom it talks to, so its e-mails are not held to the daily limit per
 * address that keeps the forms from being turned against a stranger's mailbox.
 */
export async function storeRequest(
  kind: string,
  key: string | undefined,
  acceptance: Extract<Acceptance, { ok: true }>,
  now: Date,
  { byOffice = false }: { byOffice?: boolean } = {},
): Promise<{ status: number; body: object }> {
  const env = runtimeEnv();
  const db = await databaseOr503(business.phone, "save", env);
  const outgoing = outgoingMail(env);
  const print = fingerprint(acceptance.validated);
  const { confirmation, agentConfirmation, agentCopy } = acceptance.emails;
  const record = acceptance.record as { reference: string; receivedAt: string };
  const nowIso = now.toISOString();
  const settings = serverSettings(env);

  let answer: { status: number; body: object };
  let created = false;
  try {
    answer = await db.transaction(async (tx) => {
      // Every address a visitor typed is held to the daily limit, the agent's copy too.
      const recipients = [confirmation, agentConfirmation, agentCopy].filter(
        (mail): mail is MailMessage => mail !== null,
      );
      const plan = acceptance.bookingPlan ?? null;
      // One call for the key (a retry of it, here or on another server, waits for this
      // transaction and then finds its request), the addresses' limits, and the booking's locks.
      await lockKeys(tx, [
        ...(key ? [`key:${kind}:${key}`] : []),
        ...recipients.map((mail) => `confirmations:${mailboxOf(mail.to)}`),
        ...(plan?.locks ?? []),
      ]);
      // The key's earlier request, the addresses' confirmations of the day and what the booking reads, together.
      const [{ previous, sent }, facts] = await inOneTrip(tx, [
        earlierAndSentRead(
          kind,
          key ?? null,
          byOffice ? [] : recipients.map((mail) => mailboxOf(mail.to)),
          subHours(now, 24).toISOString(),
        ),
        plan?.read ?? NO_READ,
      ]);
      if (previous) return repeatAnswer(previous, print);
      const allowed = recipients.filter(
        (mail) => byOffice || (sent.get(mailboxOf(mail.to)) ?? 0) < settings.confirmationsPerAddressPerDay,
      );
      const confirm = allowed.includes(confirmation);
      if (acceptance.book) {
        // A booking is held until it is confirmed from its e-mail: without that e-mail nobody could keep it.
        if (!confirm) {
          throw new Refused({
            status: 429,
            body: {
              error: `We have already sent this e-mail address as many e-mails as we send one address in a day, so we cannot send the link that confirms a booking. Please call us at ${business.phone}.`,
            },
          });
        }
        const confirmBy = addMinutes(now, availability.holds.confirmWithinMinutes).toISOString();
        const booked = await acceptance.book(tx, confirmBy, facts ?? undefined);
        if (!booked.ok) {
          throw new Refused({
            status: booked.status,
            body: {
              error: booked.message,
              ...(booked.starts.length ? { starts: booked.starts } : {}),
              ...(booked.sameAddress ? { sameAddress: true } : {}),
            },
          });
        }
      }
      const first = { status: 201, body: { ...acceptance.response, confirmationQueued: confirm } };
      await insertRequest(
        tx,
        {
          kind,
          reference: record.reference,
          receivedAt: record.receivedAt,
          record: acceptance.record as Record<string, unknown>,
          answer: first,
          idempotencyKey: key ?? null,
          fingerprint: key ? print : null,
        },
        [
          outgoing("business", acceptance.emails.business),
          ...(confirm ? [outgoing("confirmation", confirmation)] : []),
          ...(agentConfirmation && allowed.includes(agentConfirmation)
            ? [outgoing("agentConfirmation", agentConfirmation)]
            : []),
          ...(agentCopy && allowed.includes(agentCopy) ? [outgoing("agentCopy", agentCopy)] : []),
        ],
        nowIso,
      );
      created = true;
      return first;
    });
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    if (error instanceof HttpError) throw error;
    // Only a store that lost its lock could meet the key's unique index; the first answer stands.
    const previous = key && errorCode(error) === UNIQUE_VIOLATION ? await findByKey(db, kind, key) : null;
    if (previous) return repeatAnswer(previous, print);
    console.error(`[${kind}] storing the request failed:`, (error as Error).message);
    throw unavailable();
  }
  // The request is stored; its e-mails leave before the answer, within a bound (deliver-now.ts).
  if (created) await deliverNow(record.reference, env);
  return answer;
}

export function createRequestHandler(endpoint: Endpoint) {
  return async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    try {
      if (req.method !== "POST")
        throw new HttpError(405, "This address only accepts POST requests.", { Allow: "POST" });
      throttle(
        req,
        endpoint.kind,
        (seconds) =>
          `Too many requests from your address. Please wait ${minutes(seconds)} and try again, or call us at ${business.phone}.`,
      );
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
      const answer = await storeRequest(endpoint.kind, key, acceptance, now);
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
