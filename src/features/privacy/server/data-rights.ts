/**
 * A person's right to their data, by e-mail address (docs/requests.md): POST /api/privacy { email } sends a signed
 * link to that address only, within the limits, and answers the same sentence whatever is kept; the link's
 * page reads GET /api/privacy-data?token=, deletes with POST { token, action: "delete" } (a booked inspection's
 * record kept until its day) and ends an agent's view of one booking with action "end-agent-sight". The owner
 * is e-mailed once per link opened and per deletion. A forged link is answered 403, an expired one 410.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { createHash } from "node:crypto";
import { business } from "../../../lib/content/business-data";
import { privacyDataPath } from "../../../lib/paths";
import { createDataRequestSchema } from "../../../lib/request-schemas";
import { fieldErrors } from "../../../lib/forms/field-errors";
import { checkPurposeToken, linkSecret, purposeToken, siteUrl } from "../../booking/server";
import { type Queryable } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { addressKey, blankAgent, deleteKept, keptAbout } from "./kept-about";
import { DATA_REQUESTS, insertLinkAsk, linkAsksSince } from "./privacy-queries";
import { findByKey, insertRequest } from "../../../lib/server/mail/outbox";
import { lockKeys } from "../../../lib/server/db/advisory-locks";
import { clientAddress } from "../../../lib/server/http/client-address";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { serverSettings } from "../../../lib/server/runtime/settings";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { dataLinkEmail, dataRequestNotice } from "./privacy-emails";
import { mailboxOf } from "../../../lib/server/mail/mailbox-address";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import { idempotencyKey } from "../../../lib/server/http/idempotency-key";
import { createReference } from "../../../lib/server/mail/reference";
import { describeKept } from "./kept-data";
import { agentSightOf, endAgentSightFor } from "./agent-sight";

/** What the link's signature is for: no other link of the site passes for it. */
const PURPOSE = "data-request";
export const DATA_LINK_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The one answer to an ask for a link, whatever is kept and whatever was sent. */
export const NEUTRAL_ANSWER = `If this is your address, a link to what we keep about it is on its way there. It works for ${DATA_LINK_HOURS} hours. Nothing is shown here, and the link goes to that address only.`;

export const dataLink = (secret: string, mailbox: string, now: number) =>
  `${siteUrl()}${privacyDataPath}?token=${purposeToken(secret, PURPOSE, mailbox, now + DATA_LINK_HOURS * HOUR_MS)}`;

const limit = (req: GatsbyFunctionRequest, name: string) =>
  throttle(
    req,
    name,
    `Too many requests from your address. Please wait a few minutes, or call us at ${business.phone}.`,
  );

/**
 * Sends the link, unless a limit holds it back; records the ask either way. The link opens the
 * data of the address exactly as asked (`addressKey`); only the limits count by the mailbox it
 * reaches (`mailboxOf`), so no spelling of one mailbox gets it more links.
 */
async function askForLink(tx: Queryable, to: string, client: string, key: string | undefined, now: Date) {
  const mailbox = mailboxOf(to);
  const address = addressKey(to);
  const env = runtimeEnv();
  const print = createHash("sha256").update(address).digest("base64url");
  if (key) {
    await lockKeys(tx, [`key:${DATA_REQUESTS}:${key}`]);
    const previous = await findByKey(tx, DATA_REQUESTS, key);
    if (previous) {
      if (previous.fingerprint !== print) {
        throw new HttpError(422, "This Idempotency-Key was already used for another address; send a new key.");
      }
      return null;
    }
  }
  await lockKeys(tx, [`data-link:${mailbox}`, `data-client:${client}`]);
  const settings = serverSettings(env);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const asked = await linkAsksSince(tx, { mailbox, client, since });
  const secret = linkSecret(env);
  const send =
    secret !== null &&
    asked.sentToMailbox < settings.dataLinksPerMailboxPerDay &&
    asked.fromClient < settings.dataLinksPerClientPerDay;
  const reference = send ? createReference("DR", now) : null;
  if (reference && secret) {
    const mail = dataLinkEmail(to, dataLink(secret, address, now.getTime()), DATA_LINK_HOURS);
    await insertRequest(
      tx,
      {
        kind: DATA_REQUESTS,
        reference,
        receivedAt: now.toISOString(),
        record: { type: "data-request", action: "link", mailbox: address },
        answer: { status: 202, body: {} },
        idempotencyKey: key ?? null,
        fingerprint: key ? print : null,
      },
      [outgoingMail(env)("dataLink", mail)],
      now.toISOString(),
    );
  }
  await insertLinkAsk(tx, { mailbox, client, at: now.toISOString(), reference });
  return reference;
}

/** POST /api/privacy: a link to what is kept about an address, sent to that address. */
export async function dataLinkHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "POST") throw new HttpError(405, "This address only accepts POST requests.", { Allow: "POST" });
    limit(req, "privacy");
    const body = await readJsonBody(req);
    if (typeof body === "object" && body !== null && "website" in body && body.website) {
      throw new HttpError(400, `This request looks automated and was not sent. Please call us at ${business.phone}.`);
    }
    const key = idempotencyKey(req);
    const parsed = createDataRequestSchema().safeParse(body);
    if (!parsed.success) {
      res.status(400).json({ error: "Some fields need attention.", fields: fieldErrors(parsed.error) });
      return;
    }
    const db = await databaseOr503(business.phone);
    const now = new Date();
    const reference = await db.transaction((tx) => askForLink(tx, parsed.data.email, clientAddress(req), key, now));
    if (reference) await deliverNow(reference);
    res.status(202).json({ message: NEUTRAL_ANSWER });
  } catch (error) {
    sendFailure(res, error, "privacy", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}

function mailboxOfToken(token: unknown, now: number): { mailbox: string; expiresAt: number; key: string } {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  const check = checkPurposeToken(secret, PURPOSE, token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, "This link has expired. Ask for a new one at /privacy: it is sent to your address at once.")
      : new HttpError(403, "This link is not one of ours.");
  }
  // One notice to the owner per link and action, however often the page is opened.
  return {
    mailbox: check.subject,
    expiresAt: check.expiresAt,
    key: createHash("sha256").update(token).digest("base64url"),
  };
}

/** Tells the owner, once per link and action, through the stored e-mails like every request. */
async function noticeOnce(
  tx: Queryable,
  action: "access" | "delete",
  link: { mailbox: string; key: string },
  summary: string,
  counts: object,
  now: Date,
): Promise<string | null> {
  // ":" never appears in a client's key, so no ask can take this one first.
  const key = `${action}:${link.key}`;
  if (await findByKey(tx, DATA_REQUESTS, key)) return null;
  const env = runtimeEnv();
  const reference = createReference("DR", now);
  const notice = dataRequestNotice(env.MAIL_TO ?? business.email, action, link.mailbox, summary);
  await insertRequest(
    tx,
    {
      kind: DATA_REQUESTS,
      reference,
      receivedAt: now.toISOString(),
      record: { type: "data-request", action, mailbox: link.mailbox, ...counts },
      answer: { status: 200, body: {} },
      idempotencyKey: key,
      fingerprint: null,
    },
    [outgoingMail(env)("business", notice)],
    now.toISOString(),
  );
  return reference;
}

/**
 * Deletes what an address may have deleted: its requests and messages, with their e-mails, and the
 * other e-mails to it; in a client's request where it is the agent, its own name, e-mail and phone
 * are blanked (the request stays the client's). What is kept is named with the day it goes.
 */
export async function deleteData(tx: Queryable, address: string, now: Date) {
  const data = describeKept(address, await keptAbout(tx, address), now.getTime());
  const kept = data.items.filter((item) => item.keptBecause !== null);
  const own = data.items.filter((item) => item.keptBecause === null && !item.asAgent);
  const asAgent = data.items.filter((item) => item.asAgent).map((item) => item.reference);
  const deleted = {
    ...(await deleteKept(
      tx,
      own.map((item) => item.reference),
      address,
      kept.map((item) => item.reference),
    )),
    agentDetails: await blankAgent(tx, asAgent, address, now.toISOString()),
  };
  // What is kept is read again once the rest has gone: a booking that went without its visit
  // leaves its signed agreement under the shorter rule, and the person is told that rule's day.
  const left = describeKept(address, await keptAbout(tx, address), now.getTime());
  return {
    deleted,
    kept: left.items
      .filter((item) => item.keptBecause !== null)
      .map(({ reference, what, goesOn, keptBecause }) => ({ reference, what, goesOn, keptBecause })),
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** GET /api/privacy-data?token=: what is kept; POST { token, action: "delete" }: delete it. */
export async function keptDataHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    if (req.method === "GET") {
      const link = mailboxOfToken(readQuery(req).token, now.getTime());
      const db = await databaseOr503(business.phone, "read");
      const { data, notice } = await db.transaction(async (tx) => {
        const data = describeKept(link.mailbox, await keptAbout(tx, link.mailbox), now.getTime());
        const summary = `${plural(data.items.length, "record")} and ${plural(data.otherMails.length, "other e-mail")} were shown.`;
        const notice = await noticeOnce(tx, "access", link, summary, { records: data.items.length }, now);
        return { data, notice };
      });
      if (notice) await deliverNow(notice);
      const agentSight = await agentSightOf(db, link.mailbox);
      res.status(200).json({ ...data, agentSight, linkExpiresAt: new Date(link.expiresAt).toISOString() });
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    limit(req, "privacy-data");
    const body = (await readJsonBody(req)) as { token?: unknown; action?: unknown };
    const link = mailboxOfToken(body?.token, now.getTime());
    const db = await databaseOr503(business.phone);
    if (body.action === "end-agent-sight") {
      const reference = (body as { reference?: unknown }).reference;
      res.status(200).json(await db.transaction((tx) => endAgentSightFor(tx, link.mailbox, reference, now)));
      return;
    }
    if (body.action !== "delete") throw new HttpError(400, 'Say what to do: "delete" or "end-agent-sight".');
    const { answer, notice } = await db.transaction(async (tx) => {
      await lockKeys(tx, [`data-link:${link.mailbox}`]);
      const { deleted, kept } = await deleteData(tx, link.mailbox, now);
      const summary = `Deleted ${plural(deleted.requests, "record")} and ${plural(deleted.mails, "other e-mail")}, and blanked the agent's details in ${plural(deleted.agentDetails, "client's record")}; kept ${plural(kept.length, "record")} until the dates they go.`;
      const notice = await noticeOnce(
        tx,
        "delete",
        link,
        summary,
        { deleted: deleted.requests, agentDetails: deleted.agentDetails, kept: kept.length },
        now,
      );
      return { answer: { deleted, kept }, notice };
    });
    if (notice) await deliverNow(notice);
    res.status(200).json(answer);
  } catch (error) {
    sendFailure(res, error, "privacy-data", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}
