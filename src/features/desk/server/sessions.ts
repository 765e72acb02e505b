/**
 * The sessions the owner controls from the desk: who is signed in, since when and from which
 * network address, and ending one of them or every one but the caller's own. Any of the desk's
 * people may end any session: whoever finds a stranger's session ends it at once.
 */
import type { SessionView } from "../shared/desk-sessions";
import type { Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { marylandText } from "./desk-mail";
import { endOtherSessions, endSessionNumbered, liveSessions, type DeskSession } from "./desk-store";

/** Times in words on Maryland's clock, as the rest of the desk gives them. */
const viewOf = (session: DeskSession, caller: { number: number }): SessionView => ({
  number: session.number,
  mailbox: session.mailbox,
  client: session.client,
  since: marylandText(Date.parse(session.createdAt)),
  until: marylandText(Date.parse(session.expiresAt)),
  current: session.number === caller.number,
});

/** GET sessions: every session open now, the latest first. */
export async function sessionsView(db: Queryable, caller: { number: number }, now: Date) {
  return { sessions: (await liveSessions(db, now)).map((session) => viewOf(session, caller)) };
}

/** POST end-session { number }: ends that session; `signedOut` when it was the caller's own. */
export async function endOneSession(db: Queryable, number: number, caller: { number: number }) {
  const [ended] = await endSessionNumbered(db, number);
  if (!ended) throw new HttpError(410, "That session has already ended.");
  return { ended: number, signedOut: caller.number === number };
}

/** POST end-other-sessions: ends every session but the caller's own. */
export async function endOthers(db: Queryable, caller: { id: string }) {
  const ended = await endOtherSessions(db, caller.id);
  return { ended: ended.map((session) => session.number) };
}
