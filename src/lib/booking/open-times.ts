/**
 * The start times a job can be booked at, from the owner's hours (content/availability.yaml): the
 * working days (weekly hours, less public holidays, US federal and Maryland, from the date-holidays
 * library, and the owner's blocked dates), from the shortest notice to the horizon, every
 * `startEveryMinutes` from opening while the job is over by closing. Local times are Maryland's,
 * worked out by @date-fns/tz: on the days the clocks change, a local time that does not exist or
 * exists twice is never offered.
 *
 * Inspector time is held in units of `startEveryMinutes`, each named by its instant in UTC
 * ("2026-12-03T13:30Z"): a booking claims every unit its job blocks for one inspector, and a start
 * is open while some inspector has all of them free. Runs on the server only (date-holidays
 * carries every country's rules).
 */
import type HolidaysOfAnyCountry from "date-holidays";
import type { AvailabilityContent, Weekday } from "../content-schema";
import { instantOf, localDate, rfc3339 } from "./local-time";

/**
 * The CommonJS build, by require: an import picks the ES build, whose 800 KB data module Gatsby's
 * function bundler runs through Babel, which has nothing to change in it and says so on every
 * build ("[BABEL] Note: The code generator has deoptimised the styling", shown as ERROR UNKNOWN).
 * The bundler leaves .cjs files to webpack alone.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the reason is above
const Holidays = require("date-holidays") as typeof HolidaysOfAnyCountry;

const WEEKDAYS: Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** A start time: its instant, as RFC 3339 with Maryland's offset, and the units it blocks. */
export interface Start {
  at: string;
  instant: number;
  units: string[];
}

/** Which inspectors' units are taken: `taken(inspector, unit)`. Inspectors count from 1. */
export type TakenUnits = (inspector: number, unit: string) => boolean;

const MINUTE_MS = 60_000;

export const unitName = (instant: number) => `${new Date(instant).toISOString().slice(0, 16)}Z`;

/** YYYY-MM-DD of a day, in steps of whole days. */
const dayAfter = (date: string, days = 1) => {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

const holidayCache = new Map<number, Set<string>>();

/** The public holidays (and the weekdays they are observed on) of a year, US federal and Maryland. */
export function publicHolidays(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (!days) {
    const holidays = new Holidays("US", "MD");
    days = new Set(
      holidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayCache.set(year, days);
  }
  return days;
}

export function createCalendar(availability: AvailabilityContent) {
  const { timeZone, startEveryMinutes } = availability;
  const hoursOn = (date: string) => availability.weeklyHours.find((entry) => entry.day === weekdayOf(date));
  const blocked = new Set(availability.blockedDates);

  const isWorkingDay = (date: string) =>
    Boolean(hoursOn(date)) && !blocked.has(date) && !publicHolidays(Number(date.slice(0, 4))).has(date);

  /** The first and last dates a visitor may book on today. */
  function window(now: number): { first: string; last: string } {
    const today = localDate(now, timeZone);
    let first = today;
    for (let found = 0; found < availability.minimumNoticeWorkingDays;) {
      first = dayAfter(first);
      if (isWorkingDay(first)) found += 1;
    }
    return { first, last: dayAfter(today, availability.horizonDays) };
  }

  /** Every start the hours allow on one date for a job of this length, taken or not. */
  function startsOn(date: string, onSiteMinutes: number, blockedMinutes: number): Start[] {
    const hours = hoursOn(date);
    if (!hours || !isWorkingDay(date)) return [];
    const closes = instantOf(date, hours.closes, timeZone);
    const starts: Start[] = [];
    const unitsPerJob = Math.ceil(blockedMinutes / startEveryMinutes);
    const [openHours, openMinutes] = hours.opens.split(":").map(Number) as [number, number];
    const [closeHours, closeMinutes] = hours.closes.split(":").map(Number) as [number, number];
    for (
      let minute = openHours * 60 + openMinutes;
      minute + onSiteMinutes <= closeHours * 60 + closeMinutes;
      minute += startEveryMinutes
    ) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
      const instant = instantOf(date, time, timeZone);
      // A wall time the clocks skip or repeat is not offered; nor one whose job would run past a
      // closing time that moved with them.
      if (instant === null || (closes !== null && instant + onSiteMinutes * MINUTE_MS > closes)) continue;
      const units = Array.from({ length: unitsPerJob }, (_, i) =>
        unitName(instant + i * startEveryMinutes * MINUTE_MS),
      );
      starts.push({ at: rfc3339(instant, timeZone), instant, units });
    }
    return starts;
  }

  /** The inspector (1 to `inspectors`) with every unit of `start` free, or null. */
  function freeInspector(start: Start, taken: TakenUnits): number | null {
    for (let inspector = 1; inspector <= availability.inspectors; inspector += 1) {
      if (start.units.every((unit) => !taken(inspector, unit))) return inspector;
    }
    return null;
  }

  /** The open starts of the dates from `from` to `to` (inclusive) within today's window. */
  function openStarts(
    { from, to }: { from: string; to: string },
    job: { onSiteMinutes: number; blockedMinutes: number },
    taken: TakenUnits,
    now: number,
  ): Start[] {
    const { first, last } = window(now);
    const open: Start[] = [];
    for (let date = from < first ? first : from; date <= to && date <= last; date = dayAfter(date)) {
      for (const start of startsOn(date, job.onSiteMinutes, job.blockedMinutes)) {
        if (start.instant > now && freeInspector(start, taken) !== null) open.push(start);
      }
    }
    return open;
  }

  /**
   * The start a booking names, if the hours allow it for this job today: the same start
   * `openStarts` would list, whoever holds it.
   */
  function startAt(at: string, job: { onSiteMinutes: number; blockedMinutes: number }, now: number): Start | null {
    const instant = Date.parse(at);
    if (Number.isNaN(instant)) return null;
    const date = localDate(instant, timeZone);
    const { first, last } = window(now);
    if (date < first || date > last || instant <= now) return null;
    return startsOn(date, job.onSiteMinutes, job.blockedMinutes).find((start) => start.instant === instant) ?? null;
  }

  return { isWorkingDay, window, startsOn, openStarts, startAt, freeInspector };
}

export type BookingCalendar = ReturnType<typeof createCalendar>;
