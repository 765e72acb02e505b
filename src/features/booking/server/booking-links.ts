/**
 * The link in a booking's e-mails to confirm, cancel or move it: the reference and an expiry, signed with
 * HMAC-SHA256 under BOOKING_LINK_SECRET's keys (http/link-keys.ts), so nobody can make one for a booking that is
 * not theirs. The expiry outlasts any time the booking can be moved to; what a link may still do is decided by
 * the booking's state. Without the setting, one server makes a key once in DATA_DIR; Netlify takes no request.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { addDays } from "date-fns";
import path from "node:path";
import { availability, business } from "../../../lib/content/business-data";
import { siteUrlOf } from "../../../lib/seo/site-url";
import { agentPath, reportPath, schedulePath } from "../../../lib/paths";
import { dataDir } from "../../../lib/server/db/database";
import { deployContext, isPreview, onNetlify } from "../../../lib/server/deploy/deploy-context";
import { KEY_ID, keysFor, linkKeys, refuseUnreadableLinkKeys } from "../../../lib/server/http/link-keys";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";

export function linkSecret(env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  refuseUnreadableLinkKeys(env, business.phone);
  if (env.BOOKING_LINK_SECRET?.trim()) return env.BOOKING_LINK_SECRET;
  if (onNetlify(env)) return null;
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
 * a second purpose did. "client" is the client's own manage link: it does what a manage link does,
 * and the booking's page then offers what only the client decides (signing, sharing the report).
 * "report" opens the booking's inspection report for the client, and "report-agent" for the agent
 * the client named (report/report-page.ts): the downloads say whose link was used.
 */
export type LinkPurpose = "manage" | "client" | "sign" | "report" | "report-agent";

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest("base64url");

const sign = (secret: string, payload: string, purpose: LinkPurpose) =>
  hmac(secret, purpose === "manage" ? payload : `${purpose}:${payload}`);

/** A token for one booking and one purpose, valid until `expiresAt` (ms since 1970), signed by the signing key. */
export function bookingToken(
  secret: string,
  reference: string,
  expiresAt: number,
  purpose: LinkPurpose = "manage",
): string {
  const { id, key } = linkKeys(secret)[0]!;
  const payload = `${reference}.${Math.floor(expiresAt / 1000)}`;
  return `${id}.${payload}.${sign(key, payload, purpose)}`;
}

/** Whether `signature` is one of `keys`' over `payload` (compared in constant time). */
function signedByOneOf(keys: readonly { key: string }[], signature: string, signed: (key: string) => string): boolean {
  const given = Buffer.from(signature);
  return keys.some(({ key }) => {
    const expected = Buffer.from(signed(key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** A link works while its booking can be moved at all: twice the horizon from when it was made. */
export const linkExpiry = (now: number) => addDays(now, 2 * availability.horizonDays).getTime();

/**
 * The address the links in e-mails point to, read when a link is made: SITE_URL where the
 * function runs; else the address of the deploy it was built for, which Netlify's build knows
 * and its functions do not (Gatsby's compiler writes the build's values into the bundle): a
 * preview's own (DEPLOY_PRIME_URL), so that a preview's e-mails never lead to production, or
 * production's (SITE_URL, netlify.toml); else the production address.
 */
export function siteUrl(env: NodeJS.ProcessEnv = runtimeEnv()): string {
  if (env.SITE_URL) return siteUrlOf(env);
  const context = deployContext(env);
  const built = isPreview(context) ? process.env.DEPLOY_PRIME_URL : process.env.SITE_URL;
  return siteUrlOf({ SITE_URL: built || undefined });
}

/** The page where a visitor (the client, or an agent who booked) confirms, cancels or moves the booking. */
export const manageLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/booking?token=${bookingToken(secret, reference, linkExpiry(now))}`;

/** The same page from the client's own link, which also signs and shares the report (never sent to an agent). */
export const clientManageLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/booking?token=${bookingToken(secret, reference, linkExpiry(now), "client")}`;

/** The "pay now" link: Stripe's page for what is due (payments/checkout.ts), from the booking's manage token. */
export const payLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/api/pay?token=${bookingToken(secret, reference, linkExpiry(now))}`;

/** The booking on the owner's desk, opened at its day: for the office's e-mails about it. */
export const deskLink = (reference: string, start: string) =>
  `${siteUrl()}/desk?day=${start.slice(0, 10)}&booking=${encodeURIComponent(reference)}`;

/** The schedule page, where a visitor books another time. */
export const scheduleLink = () => `${siteUrl()}${schedulePath}`;

/** The agents' page, where an agent follows every booking that lets them see it: in the agent's e-mails. */
export const agentPageLink = () => `${siteUrl()}${agentPath}`;

/** The page where the client reads and signs the inspection agreement (never sent to an agent). */
export const signingLink = (secret: string, reference: string, now: number) =>
  `${siteUrl()}/agreement?token=${bookingToken(secret, reference, linkExpiry(now), "sign")}`;

/** The page where the client, or the agent the client named, opens the inspection report. */
export const reportLink = (secret: string, reference: string, now: number, reader: "client" | "agent") =>
  `${siteUrl()}${reportPath}?token=${bookingToken(secret, reference, linkExpiry(now), reader === "client" ? "report" : "report-agent")}`;

export type TokenCheck = { ok: true; reference: string } | { ok: false; reason: "forged" | "expired" };

/** The booking a token names, if one of this server's keys signed it, for this purpose, and it has not expired. */
export function checkBookingToken(
  secret: string,
  token: string,
  now: number,
  purpose: LinkPurpose = "manage",
): TokenCheck {
  const match = new RegExp(`^(?:(${KEY_ID})\\.)?([A-Z]+-\\d{8}-[0-9A-Z]+)\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`).exec(
    token,
  );
  if (!match) return { ok: false, reason: "forged" };
  const [, id, reference, expires, signature] = match as unknown as [
    string,
    string | undefined,
    string,
    string,
    string,
  ];
  const payload = `${reference}.${expires}`;
  if (!signedByOneOf(keysFor(secret, id), signature, (key) => sign(key, payload, purpose)))
    return { ok: false, reason: "forged" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, reference };
}

/**
 * A link for another purpose than a booking (a person's data, say) is signed with a key of that
 * purpose's own, made from the secret: no booking token passes for it, nor it for a booking's.
 * It carries its subject (an e-mail address) encoded, and an expiry.
 */
const purposeKey = (key: string, purpose: string) => hmac(key, `purpose:${purpose}`);

export function purposeToken(secret: string, purpose: string, subject: string, expiresAt: number): string {
  const { id, key } = linkKeys(secret)[0]!;
  const payload = `${Buffer.from(subject, "utf8").toString("base64url")}.${Math.floor(expiresAt / 1000)}`;
  return `${id}.${payload}.${hmac(purposeKey(key, purpose), payload)}`;
}

export type PurposeCheck =
  { ok: true; subject: string; expiresAt: number } | { ok: false; reason: "forged" | "expired" };

/** The subject a purpose's token names, if one of this server's keys signed it for that purpose and it has not expired. */
export function checkPurposeToken(secret: string, purpose: string, token: string, now: number): PurposeCheck {
  // A subject never holds a dot (base64url), so a fourth part is the key id.
  const match = new RegExp(`^(?:(${KEY_ID})\\.)?([A-Za-z0-9_-]{1,700})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`).exec(
    token,
  );
  if (!match) return { ok: false, reason: "forged" };
  const [, id, subject, expires, signature] = match as unknown as [string, string | undefined, string, string, string];
  const payload = `${subject}.${expires}`;
  if (!signedByOneOf(keysFor(secret, id), signature, (key) => hmac(purposeKey(key, purpose), payload)))
    return { ok: false, reason: "forged" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, subject: Buffer.from(subject, "base64url").toString("utf8"), expiresAt: Number(expires) * 1000 };
}
