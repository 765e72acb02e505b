/**
 * Signing in to the desk without a password: a link e-mailed to one of the desk's people
 * (desk-mail.ts), valid LINK_MINUTES and once; used from the desk's page, it opens a session
 * (session.ts) and the business mailbox is told. Asking for a link for any other address
 * stores and sends nothing and answers the same.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { Database } from "../db/database";
import { siteUrl } from "../booking/booking-links";
import { clientAddress } from "../http/client-address";
import { HttpError } from "../http/http-error";
import { readJsonBody } from "../http/read-body";
import { runtimeEnv } from "../runtime/runtime";
import { mailboxOf } from "../mail/mailbox-address";
import { businessMailboxes, deskPeople, signInLinkMail, signInNoticeMail, storeDeskRequest } from "./desk-mail";
import { endSession, newSecret, storeLink, storeSession, useLink } from "./desk-store";
import { LINK_MINUTES, SESSION_HOURS, requireSameOrigin, sessionCookie, setSessionCookie } from "./session";

export const LINK_SENT =
  "If this address is one of the desk's, a sign-in link is on its way to it. It works once, within 15 minutes.";

const stringField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (typeof value !== "string" || !value.trim()) throw new HttpError(400, `Send the ${name}.`);
  return value.trim();
};

/** POST { email }: e-mails a sign-in link to that address if it is one of the desk's people. */
export async function askForLink(db: Database, req: GatsbyFunctionRequest, now: Date): Promise<object> {
  requireSameOrigin(req);
  const email = stringField(await readJsonBody(req), "email");
  const mailbox = mailboxOf(email);
  const env = runtimeEnv();
  if (!deskPeople(env).includes(mailbox)) return { message: LINK_SENT };
  const token = newSecret();
  const link = `${siteUrl(env)}/desk?signin=${token}`;
  await db.transaction(async (tx) => {
    await storeLink(tx, mailbox, token, new Date(now.getTime() + LINK_MINUTES * 60_000));
    await storeDeskRequest(
      tx,
      "DL",
      { type: "desk-link", mailbox },
      [{ message: "deskLink", mail: signInLinkMail(email, link, LINK_MINUTES, now.getTime()) }],
      now,
    );
  });
  return { message: LINK_SENT };
}

/** POST { token }: uses the link once and opens a session in a cookie; the business mailbox is told. */
export async function signIn(
  db: Database,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now: Date,
): Promise<object> {
  requireSameOrigin(req);
  const token = stringField(await readJsonBody(req), "token");
  const id = newSecret();
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 60 * 60_000);
  const mailbox = await db.transaction(async (tx) => {
    const who = await useLink(tx, token, now);
    if (!who) return null;
    await storeSession(tx, who, id, now, expiresAt);
    await storeDeskRequest(
      tx,
      "DS",
      { type: "desk-sign-in", mailbox: who },
      businessMailboxes().map((to) => ({
        message: "deskSignIn",
        mail: signInNoticeMail(to, who, clientAddress(req), now.getTime()),
      })),
      now,
    );
    return who;
  });
  if (!mailbox) {
    throw new HttpError(410, "This sign-in link has been used or has expired. Ask for a new one: it comes at once.");
  }
  setSessionCookie(req, res, id, SESSION_HOURS * 60 * 60);
  return { mailbox, expiresAt: expiresAt.toISOString() };
}

/** POST: ends the session (if any) and clears its cookie. */
export async function signOut(db: Database, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<object> {
  requireSameOrigin(req);
  const id = sessionCookie(req);
  if (id) await endSession(db, id);
  setSessionCookie(req, res, null);
  return { signedOut: true };
}
