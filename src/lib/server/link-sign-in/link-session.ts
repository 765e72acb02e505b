/**
 * A session opened by an e-mailed link: a random value in a cookie that only its own functions
 * ever see (its path), HttpOnly, SameSite=Strict, and Secure where the site is served over HTTPS.
 * Every change also needs an Origin header naming this site, so no other site can make one.
 */
import type { IncomingMessage } from "node:http";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import type { GatsbyFunctionResponse } from "gatsby";
import { onNetlify } from "../deploy/deploy-context";
import { HttpError } from "../http/http-error";

export interface SessionCookie {
  name: string;
  path: string;
}

/** A link works this long, and once. */
export const LINK_MINUTES = 15;
/** A session lasts at most a working day. */
export const SESSION_HOURS = 10;

/** The session's value from the request's cookies, if any. */
export function sessionCookieOf(req: IncomingMessage, cookie: SessionCookie): string | null {
  return parseCookie(req.headers.cookie ?? "")[cookie.name] || null;
}

const servedOverHttps = (req: IncomingMessage) =>
  req.headers["x-forwarded-proto"] === "https" || Boolean((req.socket as { encrypted?: boolean } | null)?.encrypted);

/** Sets the cookie, or clears it when `value` is null. */
export function setCookie(
  req: IncomingMessage,
  res: GatsbyFunctionResponse,
  cookie: SessionCookie,
  value: string | null,
  maxAgeSeconds = 0,
): void {
  res.setHeader(
    "Set-Cookie",
    serializeCookie(cookie.name, value ?? "", {
      path: cookie.path,
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
function siteOrigins(req: IncomingMessage, siteUrl: string, env: NodeJS.ProcessEnv): string[] {
  const peer = req.socket?.remoteAddress ?? "";
  const viaLocalFront = !onNetlify(env) && /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/.test(peer);
  const forwarded = req.headers["x-forwarded-host"];
  const host = viaLocalFront && typeof forwarded === "string" && forwarded ? forwarded : req.headers.host;
  const scheme = servedOverHttps(req) ? "https" : "http";
  return [...(host ? [`${scheme}://${host.toLowerCase()}`] : []), new URL(siteUrl).origin];
}

/** Refuses (403, with `refusal`) a change sent from any other site than this one, or with no Origin at all. */
export function requireOrigin(req: IncomingMessage, siteUrl: string, env: NodeJS.ProcessEnv, refusal: string): void {
  const origin = req.headers.origin;
  if (typeof origin !== "string" || !siteOrigins(req, siteUrl, env).includes(origin.toLowerCase())) {
    throw new HttpError(403, refusal);
  }
}
