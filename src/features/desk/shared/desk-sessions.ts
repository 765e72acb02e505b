/** A session as the desk's Sessions view reads it (GET /api/desk/sessions, ../server/sessions.ts). */
export interface SessionView {
  /** The session's number, by which it is ended. */
  number: number;
  mailbox: string;
  /** The network address it signed in from. */
  client: string;
  /** When it began and when it ends at the latest, in words on Maryland's clock. */
  since: string;
  until: string;
  /** Whether it is the session that asked. */
  current: boolean;
}
