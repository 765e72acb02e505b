/**
 * The link in a booking's e-mails to confirm, cancel or move it: the reference and an expiry,
 * signed with HMAC-SHA256 under a server secret, so nobody can make one for a booking that is not
 * theirs. The expiry is far enough ahead for any time the booking can be moved to, so a moved
 * booking's links keep working; what a link may still do is decided by the booking's own state
 * (the cut-off before its start). BOOKING_LINK_SECRET sets the secret; on one server without it,
 * one is made once and kept in DATA_DIR.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { availability } from "../../business-data";
import { siteUrlOf } from "../../site-url";
import { dataDir } from "../db/database";
import { runtimeEnv } from "../http/runtime";

export function linkSecret(env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  if (env.BOOKING_LINK_SECRET) return env.BOOKING_LINK_SECRET;
  const dir = dataDir(env);
  try {
    return keptSecret(dir);
  } catch (error) {
    // No link then: the confirmation says to call instead (and a folder that cannot be written
    // will refuse the booking itself with 503 a moment later).
    console.error("[booking] the link secret could not be kept:", (error as Error).message);
    return null;
  }
}

function keptSecret(dir: string): string {
  const file = path.join(dir, "booking-link-secret");
  try {
    return readFileSync(file, "utf8");
  } catch {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return readFileSync(file, "utf8");
  }
}

/**
 * What a link may do: "manage" confirms, cancels or moves the booking; "sign" signs its inspection
 * agreement (agreement.ts). The purpose is part of what is signed, so a link for one never works
 * for the other: the agent's copy of the confirmation carries a manage link, and that link cannot
 * sign for the client. A manage link signs its bare payload, as every link sent before there was
 * a second purpose did.
 */
export type LinkPurpose = "manage" | "sign";

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest("base64url");

const sign = (secret: string, payload: string, purpose: LinkPurpose) =>
  hmac(secret, purpose === "manage" ? payload : `${purpose}:${payload}`);

/** A token for one booking and one purpose, valid until `expiresAt` (ms since 1970). */
export function bookingToken(
  secret: string,
  reference: string,
  expiresAt: number,
  purpose: LinkPurpose = "manage",
): string {
  const payload = `${reference}.${Math.floor(expiresAt / 1000)}`;
  return `${payload}.${sign(secret, payload, purpose)}`;
}

/** A link works while its booking can be moved at all: twice the horizon from when it was made. */
export const linkExpiry = (now: number) => now + 2 * availability.horizonDays * 24 * 60 * 60 * 1000;

/** The site's public address, where the links e-mails carry point (SITE_URL, read when the link is made). */
export const siteUrl = () => siteUrlOf(runtimeEnv());

/** The page where a visitor confirms, cancels or moves their booking. */
export const manageLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/booking?token=${bookingToken(secret, reference, linkExpiry(now))}`;

/** The page where the client reads and signs the inspection agreement (never sent to an agent). */
export const signingLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/agreement?token=${bookingToken(secret, reference, linkExpiry(now), "sign")}`;

export type TokenCheck = { ok: true; reference: string } | { ok: false; reason: "forged" | "expired" };

/** The booking a token names, if the token is this server's own, for this purpose, and has not expired. */
export function checkBookingToken(
  secret: string,
  token: string,
  now: number,
  purpose: LinkPurpose = "manage",
): TokenCheck {
  const match = /^([A-Z]+-\d{8}-[0-9A-Z]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "forged" };
  const [, reference, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${reference}.${expires}`, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "forged" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, reference };
}

/**
 * A link for another purpose than a booking (a person's data, say) is signed with a key of that
 * purpose's own, made from the secret: no booking token passes for it, nor it for a booking's.
 * It carries its subject (an e-mail address) encoded, and an expiry.
 */
const purposeKey = (secret: string, purpose: string) => hmac(secret, `purpose:${purpose}`);

export function purposeToken(secret: string, purpose: string, subject: string, expiresAt: number): string {
  const payload = `${Buffer.from(subject, "utf8").toString("base64url")}.${Math.floor(expiresAt / 1000)}`;
  return `${payload}.${hmac(purposeKey(secret, purpose), payload)}`;
}

export type PurposeCheck =
  { ok: true; subject: string; expiresAt: number } | { ok: false; reason: "forged" | "expired" };

/** The subject a purpose's token names, if the token is this server's own for that purpose and has not expired. */
export function checkPurposeToken(secret: string, purpose: string, token: string, now: number): PurposeCheck {
  const match = /^([A-Za-z0-9_-]{1,700})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "forged" };
  const [, subject, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(hmac(purposeKey(secret, purpose), `${subject}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "forged" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, subject: Buffer.from(subject, "base64url").toString("utf8"), expiresAt: Number(expires) * 1000 };
}
