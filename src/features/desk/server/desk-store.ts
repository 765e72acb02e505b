/**
 * The desk's own tables (migrations 0007-owner-desk, 0008-desk-sign-in): the asks for sign-in
 * links, each ask that sent one being that link, and the sessions, through the queries every
 * sign-in by link shares (src/lib/server/link-sign-in/link-store.ts).
 */
import type { Queryable } from "../../../lib/server/db/database";
import { linkStore, type LinkSession } from "../../../lib/server/link-sign-in/link-store";

export { forgetSecretsOf, newSecret } from "../../../lib/server/link-sign-in/link-store";
export type DeskSession = LinkSession;

export const deskStore = linkStore("desk");

export const {
  useLink,
  dropLinksOf,
  storeSession,
  findSession,
  endSession,
  endSessionNumbered,
  endOtherSessions,
  endSessionByNotice,
  endSessionsOf,
} = deskStore;

/** Every live session, the latest first. */
export const liveSessions = (db: Queryable, now: Date) => deskStore.liveSessions(db, now);

/**
 * The minute's sweep of what has lapsed: the secrets of links used or over are removed from their
 * e-mails, and sessions past their end are ended (their notices' secrets removed with them).
 */
export const endLapsedDeskSecrets = (db: Queryable, now: Date) => deskStore.endLapsedSecrets(db, now);
