/**
 * Maryland's local dates and times, worked out by @date-fns/tz from the time-zone database the
 * platform carries (so a change of the daylight-saving rules needs no change here). Small enough
 * for the browser: the schedule page uses it for today's date and the times it shows.
 */
import { TZDate } from "@date-fns/tz";

export const MARYLAND = "America/New_York";
export const MINUTE_MS = 60_000;

/** RFC 3339 with the zone's offset: 2026-12-03T08:00:00-05:00. */
export function rfc3339(instant: number, timeZone: string): string {
  const local = new TZDate(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return (
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:00` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: number, timeZone: string): string {
  return rfc3339(instant, timeZone).slice(0, 10);
}

/**
 * The instant of a local wall time, or null when that time does not exist (the hour skipped in
 * spring) or exists twice (the hour repeated in autumn).
 */
export function instantOf(date: string, time: string, timeZone: string): number | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const local = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  if (local.getHours() !== hours || local.getMinutes() !== minutes || local.getDate() !== day) return null;
  const hourLater = new TZDate(local.getTime() + 60 * MINUTE_MS, timeZone);
  const hourEarlier = new TZDate(local.getTime() - 60 * MINUTE_MS, timeZone);
  const sameWallTime = (other: TZDate) => other.getHours() === hours && other.getMinutes() === minutes;
  if (sameWallTime(hourLater) || sameWallTime(hourEarlier)) return null;
  return local.getTime();
}
