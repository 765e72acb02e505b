/**
 * How the Netlify scheduled function proves to /api/reminders that the call is its own: an HMAC
 * of the minute under BOOKING_LINK_SECRET, good for that minute and the next. Kept free of the
 * site's content (no webpack loaders), since Netlify bundles the scheduled function on its own.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const MINUTE_MS = 60_000;

const tokenAt = (secret: string, minute: number) =>
  createHmac("sha256", secret).update(`scheduler:${minute}`).digest("base64url");

export const schedulerToken = (secret: string, now: number) => tokenAt(secret, Math.floor(now / MINUTE_MS));

export function isSchedulerToken(secret: string, token: string, now: number): boolean {
  const minute = Math.floor(now / MINUTE_MS);
  const given = Buffer.from(token);
  return [minute, minute - 1].some((each) => {
    const expected = Buffer.from(tokenAt(secret, each));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
