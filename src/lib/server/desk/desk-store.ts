/**
 * The desk's own tables (migration 0007-owner-desk): sign-in links and sessions, each stored as
 * the SHA-256 of its secret, so that a copy of the database signs nobody in.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/database";

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
/** 32 random bytes, URL-safe: a link's token or a session's cookie. */
export const newSecret = () => randomBytes(32).toString("base64url");

export async function storeLink(db: Queryable, mailbox: string, token: string, expiresAt: Date): Promise<void> {
  await db.query("INSERT INTO desk_links (token_hash, mailbox, expires_at) VALUES ($1, $2, $3)", [
    secretHash(token),
    mailbox,
    expiresAt.toISOString(),
  ]);
}

/** Uses a link once: its mailbox, or null when it is unknown, used or expired. */
export async function useLink(db: Queryable, token: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ mailbox: string }>(
    `UPDATE desk_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING mailbox`,
    [secretHash(token), now.toISOString()],
  );
  return row?.mailbox ?? null;
}

export async function storeSession(
  db: Queryable,
  mailbox: string,
  id: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  // Links and sessions long over are of no use to anyone: each sign-in clears them.
  await db.query("DELETE FROM desk_links WHERE expires_at < $1", [now.toISOString()]);
  await db.query("DELETE FROM desk_sessions WHERE expires_at < $1", [now.toISOString()]);
  await db.query("INSERT INTO desk_sessions (id_hash, mailbox, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
    secretHash(id),
    mailbox,
    now.toISOString(),
    expiresAt.toISOString(),
  ]);
}

/** The session's mailbox and end, or null when there is no such session or it has ended. */
export async function findSession(
  db: Queryable,
  id: string,
  now: Date,
): Promise<{ mailbox: string; expiresAt: string } | null> {
  const [row] = await db.query<{ mailbox: string; expires_at: Date }>(
    "SELECT mailbox, expires_at FROM desk_sessions WHERE id_hash = $1 AND expires_at > $2",
    [secretHash(id), now.toISOString()],
  );
  return row ? { mailbox: row.mailbox, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

export async function endSession(db: Queryable, id: string): Promise<void> {
  await db.query("DELETE FROM desk_sessions WHERE id_hash = $1", [secretHash(id)]);
}
