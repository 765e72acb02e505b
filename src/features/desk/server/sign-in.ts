/**
 * Signing in to the desk by a link e-mailed to one of the desk's people, valid LINK_MINUTES and once, behind
 * a button so a mail scanner spends nothing (link-sign-in/). Every address gets the same answer after the
 * same statements, and the e-mail leaves after the answer, so nothing tells which addresses are the desk's.
 * A sign-in opens a session (session.ts) and tells the business mailbox, with a link that ends it alone.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { siteUrl } from "../../booking/server";
import { clientAddress } from "../../../lib/server/http/client-address";
import { HttpError } from "../../../lib/server/http/http-error";
import { recordAsk } from "../../../lib/server/link-sign-in/link-ask";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { serverSettings } from "../../../lib/server/runtime/settings";
import {
  businessMailboxes,
  deskPeople,
  deskPersonOf,
  signInLinkMail,
  signInNoticeMail,
  storeDeskRequest,
} from "./desk-mail";
import {
  deskStore,
  endSession,
  endSessionByNotice,
  forgetSecretsOf,
  newSecret,
  storeSession,
  useLink,
  type DeskSession,
} from "./desk-store";
import { SESSION_HOURS, sessionCookie, setSessionCookie } from "./session";

export const LINK_SENT =
  "If this address is one of the desk's, a sign-in link is on its way to it. It works once, within 15 minutes.";

/**
 * Records an ask for a link to `person` (a desk address as stored, or null for any other text)
 * from `client`, and stores the link and its e-mail when it may be sent, as every sign-in by link
 * does (link-sign-in/link-ask.ts). Returns the request, whose e-mail is to be sent.
 */
export async function recordLinkAsk(
  tx: Queryable,
  ask: { person: string | null; client: string; now: Date },
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<string> {
  const settings = serverSettings(env);
  return recordAsk(
    tx,
    {
      store: deskStore,
      lockName: "desk-link",
      caps: {
        perMailboxPerHour: settings.deskLinksPerMailboxPerHour,
        perClientPerHour: settings.deskLinksPerClientPerHour,
      },
      linkOf: (token) => `${siteUrl(env)}/desk?signin=${token}`,
      mailOf: signInLinkMail,
      message: "deskLink",
      storeRequest: (store, sent, mails) => storeDeskRequest(store, "DL", { type: "desk-link", sent }, mails, ask.now),
    },
    ask,
  );
}

/** POST { email }: the same answer for any text, its e-mail (if any) stored to be sent after the answer. */
export async function askForLink(db: Database, typed: string, client: string, now: Date): Promise<{ message: string }> {
  const person = deskPersonOf(typed);
  await db.transaction((tx) => recordLinkAsk(tx, { person, client, now }));
  return { message: LINK_SENT };
}

/**
 * POST { token }: uses the link once and opens a session in a cookie. The business mailbox is
 * told, with a link that ends this session alone; the link's token is removed from its e-mail.
 */
export async function signIn(
  db: Database,
  token: string,
  call: { req: GatsbyFunctionRequest; res: GatsbyFunctionResponse },
  now: Date,
): Promise<{ mailbox: string; expiresAt: string }> {
  const { req, res } = call;
  const id = newSecret();
  const endSecret = newSecret();
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 60 * 60_000);
  const client = clientAddress(req);
  const opened = await db.transaction(async (tx): Promise<{ session: DeskSession } | null> => {
    const link = await useLink(tx, token, now);
    if (link?.reference) await forgetSecretsOf(tx, [link.reference]);
    // A person taken off the list since the link was sent is not let in by it.
    if (!link || !deskPeople().includes(link.mailbox)) return null;
    const endLink = `${siteUrl(runtimeEnv())}/desk?end=${endSecret}`;
    const notice = await storeDeskRequest(
      tx,
      "DS",
      { type: "desk-sign-in", mailbox: link.mailbox },
      businessMailboxes().map((to, index) => ({
        message: index === 0 ? "deskSignIn" : `deskSignIn${index + 1}`,
        mail: signInNoticeMail(to, link.mailbox, client, endLink, now.getTime()),
      })),
      now,
    );
    const session = await storeSession(tx, { mailbox: link.mailbox, id, endSecret, client, notice }, now, expiresAt);
    return { session };
  });
  if (!opened) {
    throw new HttpError(410, "This sign-in link has been used or has expired. Ask for a new one: it comes at once.");
  }
  setSessionCookie(req, res, id, SESSION_HOURS * 60 * 60);
  return { mailbox: opened.session.mailbox, expiresAt: opened.session.expiresAt };
}

/** POST: ends the session (if any) and clears its cookie. */
export async function signOut(db: Database, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<object> {
  const id = sessionCookie(req);
  if (id) await endSession(db, id);
  setSessionCookie(req, res, null);
  return { signedOut: true };
}

/**
 * POST { end }: the button of the page a sign-in notice's link opens. Ends exactly the session
 * that notice was about, whoever presses it (the secret came only in that notice), signed in or not.
 */
export async function endByNotice(db: Database, secret: string): Promise<object> {
  const [ended] = await endSessionByNotice(db, secret);
  if (!ended) {
    throw new HttpError(410, "That session has already ended: it was signed out, ended or ran its 10 hours.");
  }
  return { ended: { mailbox: ended.mailbox, createdAt: ended.createdAt, client: ended.client } };
}
