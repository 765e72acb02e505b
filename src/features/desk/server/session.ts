/**
 * The desk's session: a random value in a cookie that only the desk's functions ever see
 * (Path=/api/desk), HttpOnly, SameSite=Strict, and Secure where the site is served over HTTPS.
 * It ends by itself within a working day (SESSION_HOURS) and on "Sign out". Every change the desk
 * makes also needs an Origin header naming this site, so no other site can make one.
 */
import type { IncomingMessage } from "node:http";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import type { GatsbyFunctionResponse } from "gatsby";
import { onNetlify } from "../../../lib/server/deploy/deploy-context";
import type { Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { siteUrl } from "../../booking/server/booking-links";
import { deskPeople } from "./desk-mail";
import { dropLinksOf, endSessionsOf, findSession, type DeskSession } from "./desk-store";

export const COOKIE = "desk";
export const COOKIE_PATH = "/api/desk";
/** A session lasts at most a working day. */
export const SESSION_HOURS = 10;
/** A sign-in link works this long, and once. */
export const LINK_MINUTES = 15;

const SIGN_IN_AGAIN = "Your desk session has ended. Ask for a new sign-in link.";

/** The session's value from the request's cookies, if any. */
export function sessionCookie(req: IncomingMessage): string | null {
  return parseCookie(req.headers.cookie ?? "")[COOKIE] || null;
}

const servedOverHttps = (req: IncomingMessage) =>
  req.headers["x-forwarded-proto"] === "https" || Boolean((req.socket as { encrypted?: boolean } | null)?.encrypted);

/** Sets the cookie, or clears it when `value` is null. */
export function setSessionCookie(
  req: IncomingMessage,
  res: GatsbyFunctionResponse,
  value: string | null,
  maxAgeSeconds = 0,
): void {
  res.setHeader(
    "Set-Cookie",
    serializeCookie(COOKIE, value ?? "", {
      path: COOKIE_PATH,
      maxAge: value ? maxAgeSeconds : 0,
      httpOnly: true,
      sameSite: "strict",
      secure: servedOverHttps(req),
    }),
  );
}

/**
 * The origins this site is reached under: the address the request was sent to (as Netlify's edge
 * or the local front server, src/serve/function-supervisor.ts, states it) and the site's own.
 */
function siteOrigins(req: IncomingMessage, env: NodeJS.ProcessEnv): string[] {
  const peer = req.socket?.remoteAddress ?? "";
  const viaLocalFront = !onNetlify(env) && /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/.test(peer);
  const forwarded = req.headers["x-forwarded-host"];
  const host = viaLocalFront && typeof forwarded === "string" && forwarded ? forwarded : req.headers.host;
  const scheme = servedOverHttps(req) ? "https" : "http";
  return [...(host ? [`${scheme}://${host.toLowerCase()}`] : []), new URL(siteUrl(env)).origin];
}

/** Refuses a change sent from any other site than this one (or with no Origin at all). */
export function requireSameOrigin(req: IncomingMessage, env: NodeJS.ProcessEnv = runtimeEnv()): void {
  const origin = req.headers.origin;
  if (typeof origin !== "string" || !siteOrigins(req, env).includes(origin.toLowerCase())) {
    throw new HttpError(403, "Changes to the desk are taken only from the desk's own page on this site.");
  }
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
