/**
 * The tables of a sign-in by e-mailed link (the desk's: migrations 0007, 0008; an agent's: 0019),
 * one shape for each: the asks for links, each ask that sent one being that link, and the
 * sessions. Every secret is stored as its SHA-256, so a copy of the database signs nobody in and
 * ends no session; the one place a secret is written out is the e-mail that carries it.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/database";

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
/** 32 random bytes, URL-safe: a link's token, a session's cookie, the secret that ends a session. */
export const newSecret = () => randomBytes(32).toString("base64url");

export interface LinkSession {
  number: number;
  mailbox: string;
  client: string;
  createdAt: string;
  expiresAt: string;
}

interface SessionRow extends Record<string, unknown> {
  number: string | number;
  mailbox: string;
  client: string;
  created_at: Date;
  expires_at: Date;
}

const sessionOf = (row: SessionRow): LinkSession => ({
  number: Number(row.number),
  mailbox: row.mailbox,
  client: row.client,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
});

const SESSION_COLUMNS = "number, mailbox, client, created_at, expires_at";

/**
 * Removes the secrets from the stored e-mails of these requests (a sign-in link's token, a
 * notice's link that ends a session): once the link is used or over, nothing keeps what it was.
 */
export async function forgetSecretsOf(db: Queryable, references: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE deliveries SET mail = jsonb_set(mail, '{text}',
       to_jsonb(regexp_replace(mail->>'text', '([?&](signin|end))=[A-Za-z0-9_-]+', '\\1=expired', 'g')))
     WHERE reference = ANY($1::text[])`,
    [references],
  );
}

/** The queries of one sign-in's two tables, `<prefix>_links` and `<prefix>_sessions`. */
export function linkStore(prefix: "desk" | "agent") {
  const links = `${prefix}_links`;
  const sessions = `${prefix}_sessions`;

  /**
   * Ends the sessions a condition picks, and removes the secret from the sign-in notice of each:
   * the sessions ended, oldest first.
   */
  async function endSessionsWhere(db: Queryable, where: string, params: unknown[]): Promise<LinkSession[]> {
    const rows = await db.query<SessionRow & { notice: string | null }>(
      `DELETE FROM ${sessions} WHERE ${where} RETURNING ${SESSION_COLUMNS}, notice`,
      params,
    );
    await forgetSecretsOf(
      db,
      rows.flatMap((row) => (row.notice ? [row.notice] : [])),
    );
    return rows.map(sessionOf).sort((a, b) => a.number - b.number);
  }

  return {
    /** How many links went to a mailbox, and how many asks came from a client address, since `since`. */
    async linkAsksSince(
      db: Queryable,
      { mailbox, client, since }: { mailbox: string | null; client: string; since: string },
    ): Promise<{ sentToMailbox: number; fromClient: number }> {
      const [row] = await db.query<{ sent_to_mailbox: number; from_client: number }>(
        `SELECT count(*) FILTER (WHERE mailbox = $1)::integer AS sent_to_mailbox,
                count(*) FILTER (WHERE client = $2)::integer AS from_client
         FROM ${links} WHERE asked_at > $3 AND (mailbox = $1 OR client = $2)`,
        [mailbox, client, since],
      );
      return { sentToMailbox: row?.sent_to_mailbox ?? 0, fromClient: row?.from_client ?? 0 };
    },

    /** Records an ask; with `link`, the ask is that link (sent to `link.mailbox` in `reference`'s e-mail). */
    async insertLinkAsk(
      db: Queryable,
      ask: {
        client: string;
        at: Date;
        expiresAt: Date;
        reference: string;
        link: { mailbox: string; token: string } | null;
      },
    ): Promise<void> {
      await db.query(
        `INSERT INTO ${links} (mailbox, client, asked_at, token_hash, expires_at, reference)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          ask.link?.mailbox ?? null,
          ask.client,
          ask.at.toISOString(),
          ask.link ? secretHash(ask.link.token) : null,
          ask.expiresAt.toISOString(),
          ask.reference,
        ],
      );
    },

    /** Uses a link once: its mailbox and the request of its e-mail, or null when it is unknown, used or expired. */
    async useLink(
      db: Queryable,
      token: string,
      now: Date,
    ): Promise<{ mailbox: string; reference: string | null } | null> {
      const [row] = await db.query<{ mailbox: string; reference: string | null }>(
        `UPDATE ${links} SET used_at = $2
         WHERE token_hash = $1 AND mailbox IS NOT NULL AND used_at IS NULL AND expires_at > $2
         RETURNING mailbox, reference`,
        [secretHash(token), now.toISOString()],
      );
      return row ?? null;
    },

    /** Takes a link from whoever it went to: for a person who may sign in no more. */
    async dropLinksOf(db: Queryable, mailboxes: readonly string[], now: Date): Promise<void> {
      await db.query(
        `UPDATE ${links} SET expires_at = $2 WHERE mailbox = ANY($1::text[]) AND used_at IS NULL AND expires_at > $2`,
        [mailboxes, now.toISOString()],
      );
    },

    async storeSession(
      db: Queryable,
      session: { mailbox: string; id: string; endSecret: string; client: string; notice: string },
      now: Date,
      expiresAt: Date,
    ): Promise<LinkSession> {
      const [row] = await db.query<SessionRow>(
        `INSERT INTO ${sessions} (id_hash, end_hash, mailbox, client, notice, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${SESSION_COLUMNS}`,
        [
          secretHash(session.id),
          secretHash(session.endSecret),
          session.mailbox,
          session.client,
          session.notice,
          now.toISOString(),
          expiresAt.toISOString(),
        ],
      );
      return sessionOf(row!);
    },

    /** The live session of a cookie's value, or null when there is none. */
    async findSession(db: Queryable, id: string, now: Date): Promise<LinkSession | null> {
      const [row] = await db.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM ${sessions} WHERE id_hash = $1 AND expires_at > $2`,
        [secretHash(id), now.toISOString()],
      );
      return row ? sessionOf(row) : null;
    },

    /** Every live session (of one mailbox, when named), the latest first. */
    async liveSessions(db: Queryable, now: Date, mailbox?: string): Promise<LinkSession[]> {
      return (
        await db.query<SessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM ${sessions} WHERE expires_at > $1 AND ($2::text IS NULL OR mailbox = $2)
           ORDER BY created_at DESC, number DESC`,
          [now.toISOString(), mailbox ?? null],
        )
      ).map(sessionOf);
    },

    /** Ends the session of a cookie's value (signing out). */
    endSession: (db: Queryable, id: string) => endSessionsWhere(db, "id_hash = $1", [secretHash(id)]),
    /** Ends one session by its number. */
    endSessionNumbered: (db: Queryable, number: number) => endSessionsWhere(db, "number = $1", [number]),
    /** Ends every session but the one of the cookie's value. */
    endOtherSessions: (db: Queryable, id: string) => endSessionsWhere(db, "id_hash <> $1", [secretHash(id)]),
    /** Ends every session of one mailbox but the one of the cookie's value. */
    endOtherSessionsOf: (db: Queryable, mailbox: string, id: string) =>
      endSessionsWhere(db, "mailbox = $1 AND id_hash <> $2", [mailbox, secretHash(id)]),
    /** Ends the session whose sign-in notice carried `secret`. */
    endSessionByNotice: (db: Queryable, secret: string) => endSessionsWhere(db, "end_hash = $1", [secretHash(secret)]),
    /** Ends the sessions of people who may sign in no more. */
    endSessionsOf: (db: Queryable, mailboxes: readonly string[]) =>
      endSessionsWhere(db, "mailbox = ANY($1::text[])", [mailboxes]),

    /**
     * The minute's sweep of what has lapsed: the secrets of links used or over are removed from their
     * e-mails, and sessions past their end are ended (their notices' secrets removed with them).
     */
    async endLapsedSecrets(db: Queryable, now: Date): Promise<void> {
      const lapsed = await db.query<{ reference: string }>(
        `WITH lapsed AS (
           SELECT id, reference FROM ${links}
           WHERE reference IS NOT NULL AND (used_at IS NOT NULL OR expires_at <= $1) FOR UPDATE
         ), cleared AS (UPDATE ${links} AS l SET reference = NULL FROM lapsed WHERE l.id = lapsed.id)
         SELECT reference FROM lapsed`,
        [now.toISOString()],
      );
      await forgetSecretsOf(
        db,
        lapsed.map((row) => row.reference),
      );
      await endSessionsWhere(db, "expires_at <= $1", [now.toISOString()]);
    },
  };
}

export type LinkStore = ReturnType<typeof linkStore>;
