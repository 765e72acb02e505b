/**
 * An agent signs in without a password, as the desk's people do (desk/server/sign-in.ts, from the
 * same code: src/lib/server/link-sign-in/): a link e-mailed to an address that is the agent of a
 * booking they may see, as the booking stores it, valid 15 minutes and once; its page's button
 * uses it, so a mail scanner spends nothing; the agent is told of each sign-in, with a link that
 * ends that session alone. Every address is answered alike, after the same statements.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { clientAddress } from "../../../lib/server/http/client-address";
import { HttpError } from "../../../lib/server/http/http-error";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { plainAddress, recordAsk } from "../../../lib/server/link-sign-in/link-ask";
import { SESSION_HOURS } from "../../../lib/server/link-sign-in/link-session";
import { forgetSecretsOf, newSecret } from "../../../lib/server/link-sign-in/link-store";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { serverSettings } from "../../../lib/server/runtime/settings";
import { agentSeesAnyBooking, siteUrl } from "../../booking/server";
import { storeDeskRequest, requireText } from "../../desk/server";
import { agentLinkMail, agentSignInNoticeMail } from "./agent-mail";
import { agentCookie, agentStore, requireAgentOrigin, setAgentCookie } from "./agent-session";

export const AGENT_LINK_SENT =
  "If this address is the agent of a booking with us, a sign-in link is on its way to it. It works once, within 15 minutes.";

const stringField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (typeof value !== "string" || !value.trim()) throw new HttpError(400, `Send the ${name}.`);
  return value.trim();
};

/**
 * Records an ask for a link for the typed text from `client`: the text is looked up among the
 * bookings' agents (the same statement for any text), and the ask recorded as every sign-in by
 * link records it. Returns the request, whose e-mail (if any) is to be sent.
 */
export async function recordAgentLinkAsk(
  tx: Queryable,
  { typed, client, now }: { typed: string; client: string; now: Date },
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<string> {
  const address = plainAddress(typed);
  const sees = await agentSeesAnyBooking(tx, address ?? "");
  const settings = serverSettings(env);
  return recordAsk(
    tx,
    {
      store: agentStore,
      lockName: "agent-link",
      caps: {
        perMailboxPerHour: settings.deskLinksPerMailboxPerHour,
        perClientPerHour: settings.deskLinksPerClientPerHour,
      },
      linkOf: (token) => `${siteUrl(env)}/agent?signin=${token}`,
      mailOf: agentLinkMail,
      message: "agentLink",
      storeRequest: (store, sent, mails) => storeDeskRequest(store, "AL", { type: "agent-link", sent }, mails, now),
    },
    { person: sees && address ? address : null, client, now },
  );
}

/** POST link { email }: the same answer for any text; the request whose e-mail (if any) is to be sent. */
export async function askForAgentLink(db: Database, req: GatsbyFunctionRequest, now: Date) {
  requireAgentOrigin(req);
  const typed = stringField(requireText(await readJsonBody(req)), "email");
  const reference = await db.transaction((tx) => recordAgentLinkAsk(tx, { typed, client: clientAddress(req), now }));
  return { answer: { message: AGENT_LINK_SENT }, reference };
}

/** POST sign-in { token }: uses the link once and opens a session; the agent is told, with a link that ends it. */
export async function agentSignIn(db: Database, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, now: Date) {
  requireAgentOrigin(req);
  const token = stringField(requireText(await readJsonBody(req)), "token");
  const id = newSecret();
  const endSecret = newSecret();
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 60 * 60_000);
  const client = clientAddress(req);
  const opened = await db.transaction(async (tx) => {
    const link = await agentStore.useLink(tx, token, now);
    if (link?.reference) await forgetSecretsOf(tx, [link.reference]);
    // An agent whose clients have all taken back their sight since the link was sent is not let in by it.
    if (!link || !(await agentSeesAnyBooking(tx, link.mailbox))) return null;
    const endLink = `${siteUrl(runtimeEnv())}/agent?end=${endSecret}`;
    const notice = await storeDeskRequest(
      tx,
      "AS",
      { type: "agent-sign-in", mailbox: link.mailbox },
      [{ message: "agentSignIn", mail: agentSignInNoticeMail(link.mailbox, client, endLink, now.getTime()) }],
      now,
    );
    const session = await agentStore.storeSession(
      tx,
      { mailbox: link.mailbox, id, endSecret, client, notice },
      now,
      expiresAt,
    );
    return { session, notice };
  });
  if (!opened) {
    throw new HttpError(410, "This sign-in link has been used or has expired. Ask for a new one: it comes at once.");
  }
  setAgentCookie(req, res, id, SESSION_HOURS * 60 * 60);
  return { answer: { mailbox: opened.session.mailbox, expiresAt: opened.session.expiresAt }, notice: opened.notice };
}

/** POST sign-out: ends the session (if any) and clears its cookie. */
export async function agentSignOut(db: Database, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  requireAgentOrigin(req);
  const id = agentCookie(req);
  if (id) await agentStore.endSession(db, id);
  setAgentCookie(req, res, null);
  return { signedOut: true };
}

/** POST end-by-notice { end }: ends exactly the session a sign-in notice was about, signed in or not. */
export async function agentEndByNotice(db: Database, req: GatsbyFunctionRequest) {
  requireAgentOrigin(req);
  const secret = stringField(requireText(await readJsonBody(req)), "end");
  const [ended] = await agentStore.endSessionByNotice(db, secret);
  if (!ended) throw new HttpError(410, "That session has already ended: it was signed out, ended or ran its 10 hours.");
  return { ended: { createdAt: ended.createdAt, client: ended.client } };
}
