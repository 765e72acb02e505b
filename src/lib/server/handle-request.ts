/**
 * The path every request to a function takes: method, rate limit, body, honeypot, schema,
 * then every configured sink. It answers 201 only once the request is stored everywhere;
 * otherwise the visitor gets a status and a sentence saying what happened, and nothing is
 * reported as sent that was not.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../business-data";
import type { MailMessage } from "./mailer";
import { sendMail } from "./mailer";
import { HttpError } from "./http-error";
import { appendToOutbox, outboxDir } from "./outbox";
import { createRateLimiter } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { clientAddress } from "./client-address";
import { createReference } from "./reference";
import { processState, runtimeEnv } from "./runtime";

export interface RequestContext {
  reference: string;
  receivedAt: string;
  now: Date;
}

export type Acceptance =
  | { ok: false; fields: Record<string, string> }
  | {
      ok: true;
      /** The line written to the outbox. */
      record: object;
      emails: { business: MailMessage; confirmation: MailMessage };
      /** The 201 body. */
      response: object;
    };

export interface Endpoint {
  /** Names the outbox file: <kind>.jsonl. */
  kind: string;
  referencePrefix: string;
  accept(body: unknown, context: RequestContext, mailTo: string): Acceptance;
}

function rateLimitFromEnv() {
  const env = runtimeEnv();
  const max = Number(env.RATE_LIMIT_MAX ?? 10);
  const windowSeconds = Number(env.RATE_LIMIT_WINDOW_SECONDS ?? 15 * 60);
  return { max, windowMs: windowSeconds * 1000 };
}

function minutes(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? "" : "s"}`;
}

/** Stores the request in every configured sink; says whether the visitor was sent a confirmation. */
async function deliver(
  kind: string,
  acceptance: Extract<Acceptance, { ok: true }>,
): Promise<{ confirmationSent: boolean }> {
  const env = runtimeEnv();
  const smtpUrl = env.SMTP_URL;
  const dir = outboxDir(env);
  const from = env.MAIL_FROM ?? `${business.name} <${business.email}>`;
  if (!smtpUrl && !dir) {
    throw new HttpError(
      503,
      `This site cannot take requests right now: no delivery is configured. Nothing was sent; please call us at ${business.phone}.`,
    );
  }
  if (smtpUrl) {
    try {
      await sendMail(smtpUrl, from, acceptance.emails.business);
    } catch (error) {
      console.error(`[${kind}] e-mail to the business failed:`, error);
      throw new HttpError(
        503,
        `We could not deliver your request just now: our e-mail server did not accept it. Nothing was sent. Please try again in a few minutes or call us at ${business.phone}.`,
      );
    }
  }
  if (dir) {
    try {
      await appendToOutbox(dir, kind, acceptance.record);
    } catch (error) {
      console.error(`[${kind}] writing the outbox failed:`, error);
      throw new HttpError(
        503,
        `We could not save your request just now. ${smtpUrl ? "It may have reached us by e-mail, but please" : "Nothing was sent. Please"} try again in a few minutes or call us at ${business.phone}.`,
      );
    }
  }
  if (!smtpUrl) return { confirmationSent: false };
  // The request has reached the business; a failed courtesy copy to the visitor does not undo that.
  try {
    await sendMail(smtpUrl, from, acceptance.emails.confirmation);
    return { confirmationSent: true };
  } catch (error) {
    console.error(`[${kind}] confirmation e-mail failed:`, error);
    return { confirmationSent: false };
  }
}

function sendError(res: GatsbyFunctionResponse, error: HttpError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.status(error.status).send(error.message);
}

export function createRequestHandler(endpoint: Endpoint) {
  const limiter = processState(`rate-limit:${endpoint.kind}`, () => createRateLimiter(rateLimitFromEnv()));

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
      const now = new Date();
      const context = { reference: createReference(endpoint.referencePrefix, now), receivedAt: now.toISOString(), now };
      const acceptance = endpoint.accept(body, context, runtimeEnv().MAIL_TO ?? business.email);
      if (!acceptance.ok) {
        res.status(400).json({ error: "Some fields need attention.", fields: acceptance.fields });
        return;
      }
      const { confirmationSent } = await deliver(endpoint.kind, acceptance);
      res.status(201).json({ ...acceptance.response, confirmationSent });
    } catch (error) {
      if (error instanceof HttpError) return sendError(res, error);
      console.error(`[${endpoint.kind}] unexpected error:`, error);
      sendError(
        res,
        new HttpError(
          500,
          `Something went wrong on our side and nothing was sent. Please call us at ${business.phone}.`,
        ),
      );
    }
  };
}
