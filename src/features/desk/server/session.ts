/**
 * The desk's session: a random value in a cookie that only the desk's functions ever see
 * (Path=/api/desk), HttpOnly, SameSite=Strict, and Secure where the site is served over HTTPS.
 * It ends by itself within a working day (SESSION_HOURS) and on "Sign out". Every change the desk
 * makes also needs an Origin header naming this site, so no other site can make one.
 */
import type { IncomingMessage } from "node:http";
import type { GatsbyFunctionResponse } from "gatsby";
import type { Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import {
  requireOrigin,
  sessionCookieOf,
  setCookie,
  type SessionCookie,
} from "../../../lib/server/link-sign-in/link-session";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { siteUrl } from "../../booking/server";
import { deskPeople } from "./desk-mail";
import { dropLinksOf, endSessionsOf, findSession, type DeskSession } from "./desk-store";

export { LINK_MINUTES, SESSION_HOURS } from "../../../lib/server/link-sign-in/link-session";
export const COOKIE = "desk";
export const COOKIE_PATH = "/api/desk";
const DESK_COOKIE: SessionCookie = { name: COOKIE, path: COOKIE_PATH };

const SIGN_IN_AGAIN = "Your desk session has ended. Ask for a new sign-in link.";

/** The session's value from the request's cookies, if any. */
export const sessionCookie = (req: IncomingMessage): string | null => sessionCookieOf(req, DESK_COOKIE);

/** Sets the cookie, or clears it when `value` is null. */
export const setSessionCookie = (
  req: IncomingMessage,
  res: GatsbyFunctionResponse,
  value: string | null,
  maxAgeSeconds = 0,
): void => setCookie(req, res, DESK_COOKIE, value, maxAgeSeconds);

/** Refuses a change sent from any other site than this one (or with no Origin at all). */
export function requireSameOrigin(req: IncomingMessage, env: NodeJS.ProcessEnv = runtimeEnv()): void {
  requireOrigin(req, siteUrl(env), env, "Changes to the desk are taken only from the desk's own page on this site.");
}

/**
 * The live session of the request, or 401 when it has none. A session of a person no longer among
 * the desk's people (removed from site.yaml's deskPeople, or MAIL_TO changed) is ended here, at
 * their next request, with every session and unused link of theirs.
 */
export async function requireSession(
  db: Queryable,
  req: IncomingMessage,
  now: Date,
): Promise<DeskSession & { id: string }> {
  const id = sessionCookie(req);
  const session = id ? await findSession(db, id, now) : null;
  if (!id || !session) throw new HttpError(401, SIGN_IN_AGAIN);
  if (!deskPeople().includes(session.mailbox)) {
    await endSessionsOf(db, [session.mailbox]);
    await dropLinksOf(db, [session.mailbox], now);
    throw new HttpError(401, SIGN_IN_AGAIN);
  }
  return { ...session, id };
}
