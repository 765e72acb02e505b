/**
 * How the Netlify scheduled function proves to /api/reminders that the call is its own: an HMAC
 * of the minute under the signing key of BOOKING_LINK_SECRET, good for that minute and the next,
 * and checked against every key of the setting (link-keys.ts), so a rotation never stops the
 * reminders. Kept free of the site's content (no webpack loaders), since Netlify bundles the
 * scheduled function on its own.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { linkKeys } from "./link-keys";

const MINUTE_MS = 60_000;

const tokenAt = (key: string, minute: number) =>
  createHmac("sha256", key).update(`scheduler:${minute}`).digest("base64url");

export const schedulerToken = (secret: string, now: number) =>
  tokenAt(linkKeys(secret)[0]?.key ?? "", Math.floor(now / MINUTE_MS));

export function isSchedulerToken(secret: string, token: string, now: number): boolean {
  const minute = Math.floor(now / MINUTE_MS);
  const given = Buffer.from(token);
  return linkKeys(secret).some(({ key }) =>
    [minute, minute - 1].some((each) => {
      const expected = Buffer.from(tokenAt(key, each));
      return expected.length === given.length && timingSafeEqual(expected, given);
    }),
  );
}
