/**
 * An agent's session, as the desk's (src/lib/server/link-sign-in/): the cookie `agent`, sent only
 * to /api/agent. An agent may sign in while at least one booking lets them see it (booked for
 * the client, or copied at the client's asking: booking-queries.ts, agentSeesAnyBooking); one who
 * no longer has any is signed out at their next request, with every session and link of theirs.
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
import { linkStore, type LinkSession } from "../../../lib/server/link-sign-in/link-store";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { agentSeesAnyBooking, siteUrl } from "../../booking/server";

export const agentStore = linkStore("agent");
export const AGENT_COOKIE: SessionCookie = { name: "agent", path: "/api/agent" };

const SIGN_IN_AGAIN = "Your session has ended. Ask for a new sign-in link.";

export const agentCookie = (req: IncomingMessage) => sessionCookieOf(req, AGENT_COOKIE);

export const setAgentCookie = (req: IncomingMessage, res: GatsbyFunctionResponse, value: string | null, maxAge = 0) =>
  setCookie(req, res, AGENT_COOKIE, value, maxAge);

/** Refuses a change sent from any other site than this one (or with no Origin at all). */
export function requireAgentOrigin(req: IncomingMessage, env: NodeJS.ProcessEnv = runtimeEnv()): void {
  requireOrigin(req, siteUrl(env), env, "Changes are taken only from this site's own agents' page.");
}

/** The live session of the request, or 401; the agent's bookings are read afresh at every request. */
export async function requireAgentSession(
  db: Queryable,
  req: IncomingMessage,
  now: Date,
): Promise<LinkSession & { id: string }> {
  const id = agentCookie(req);
  const session = id ? await agentStore.findSession(db, id, now) : null;
  if (!id || !session) throw new HttpError(401, SIGN_IN_AGAIN);
  if (!(await agentSeesAnyBooking(db, session.mailbox))) {
    await agentStore.endSessionsOf(db, [session.mailbox]);
    await agentStore.dropLinksOf(db, [session.mailbox], now);
    throw new HttpError(401, SIGN_IN_AGAIN);
  }
  return { ...session, id };
}
