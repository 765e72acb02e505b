/**
 * GET /api/calendar/<secret>.ics: the owner's private calendar feed, every booking still ahead
 * (held ones as tentative until the client confirms; cancelled and expired ones as cancelled, so a
 * subscribed calendar removes them) with the address and the
 * client. Google Calendar or Outlook subscribes once and picks up each booking. The secret is
 * CALENDAR_FEED_SECRET, compared in constant time; anything else, or no secret set, is 404.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { addDays, subDays } from "date-fns";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { agreementsOf } from "../../signed-agreements/server";
import { bookingsBetween, type Booking } from "./booking-queries";
import type { Queryable } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { sendFailure } from "../../../lib/server/http/http-error";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { ownerFeed } from "./booking-invite";
import { paymentStatuses } from "../../payment-ledger/server";
import { paymentText } from "../../payment-ledger/shared";

/** The past bookings the feed still shows, so the day's and yesterday's stay visible. */
const KEEP_PAST_DAYS = 7;
/** How far ahead it reaches: past the farthest day a client can book. */
const KEEP_AHEAD_DAYS = 400;

const digest = (text: string) => createHash("sha256").update(text).digest();

export function isFeedAddress(file: string, secret: string | undefined): boolean {
  if (!secret) return false;
  return timingSafeEqual(digest(file), digest(`${secret}.ics`));
}

/**
 * The newest signature of each booking. A moved booking keeps its signature; the services and fee
 * of a booking never change after it is made, so any signature of it covers it.
 */
export async function signaturesOf(db: Queryable, bookings: readonly Booking[]) {
  const signed = new Map<string, Awaited<ReturnType<typeof agreementsOf>>[number]>();
  for (const agreement of await agreementsOf(
    db,
    bookings.map((booking) => booking.reference),
    { withText: false },
  )) {
    if (!signed.has(agreement.booking)) signed.set(agreement.booking, agreement);
  }
  return signed;
}

export async function ownerCalendarHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  const env = runtimeEnv();
  const file = String((req.params as Record<string, string> | undefined)?.file ?? "");
  if (req.method !== "GET" || !isFeedAddress(file, env.CALENDAR_FEED_SECRET)) {
    res.status(404).setHeader("Content-Type", "text/plain; charset=utf-8");
    res.send("There is no such address on this site.");
    return;
  }
  try {
    const db = await databaseOr503(business.phone, "read", env);
    const now = new Date();
    const bookings = await bookingsBetween(db, subDays(now, KEEP_PAST_DAYS), addDays(now, KEEP_AHEAD_DAYS));
    const statuses = await paymentStatuses(
      db,
      bookings.map((booking) => booking.reference),
      now,
    );
    const payments = new Map([...statuses].map(([reference, status]) => [reference, paymentText(status)]));
    const text = ownerFeed(bookings, await signaturesOf(db, bookings), now.getTime(), undefined, payments);
    res.status(200).setHeader("Content-Type", "text/calendar; charset=utf-8");
    res.send(text);
  } catch (error) {
    sendFailure(res, error, "calendar", `The calendar could not be read just now.`);
  }
}
