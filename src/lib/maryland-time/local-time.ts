/**
 * Maryland's local dates and times, worked out by @date-fns/tz from the time-zone database the
 * platform carries (so a change of the daylight-saving rules needs no change here). Small enough
 * for the browser: the schedule page uses it for today's date and the times it shows.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addHours, formatISO, getDay, parseISO, subHours } from "date-fns";
import { bookedTimeText } from "./booked-time";

export const MARYLAND = "America/New_York";
export const MINUTE_MS = 60_000;

/** RFC 3339 with the zone's offset: 2026-12-03T08:00:00-05:00. */
export const rfc3339 = (instant: number, timeZone: string): string => formatISO(new TZDate(instant, timeZone));

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export const localDate = (instant: number, timeZone: string): string =>
  formatISO(new TZDate(instant, timeZone), { representation: "date" });

/** The date (YYYY-MM-DD) `days` after a date (before it when negative), on the calendar. */
export const dateAfter = (date: string, days: number): string =>
  formatISO(addDays(parseISO(date), days), { representation: "date" });

/** The day of the week of a date (YYYY-MM-DD): 0 for Sunday to 6 for Saturday. */
export const dayOfWeek = (date: string): number => getDay(parseISO(date));

/**
 * The instant of a local wall time, or null when that time does not exist (the hour skipped in
 * spring) or exists twice (the hour repeated in autumn).
 */
export function instantOf(date: string, time: string, timeZone: string): number | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const local = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  if (local.getHours() !== hours || local.getMinutes() !== minutes || local.getDate() !== day) return null;
  const hourLater = addHours(local, 1);
  const hourEarlier = subHours(local, 1);
  const sameWallTime = (other: TZDate) => other.getHours() === hours && other.getMinutes() === minutes;
  if (sameWallTime(hourLater) || sameWallTime(hourEarlier)) return null;
  return local.getTime();
}

/** An instant as Maryland's clock shows it, in words: "Sunday, December 6, 2026, 8:20 pm". */
export const marylandInstantText = (instant: number): string => bookedTimeText(rfc3339(instant, MARYLAND));
