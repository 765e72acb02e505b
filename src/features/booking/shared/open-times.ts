/**
 * The start times a job can be booked at, from the owner's hours (content/availability.yaml): working days
 * (less closed holidays, ./holidays.ts, and blocked dates) from the shortest notice to the horizon, every
 * `startEveryMinutes` while the job ends by closing, with an inspector free over the range it holds. Maryland's
 * local times via @date-fns/tz: a time that does not exist or exists twice is never offered. The database
 * refuses an overlap whatever this offers. Runs on the server only (date-holidays carries every country's rules).
 */
import type { AvailabilityContent } from "../../../lib/content/content-schema";
import type { Weekday } from "../../../lib/content/availability-schema";
import type { JobTimes } from "./job-length";
import { holidayClosures } from "./holidays";
import { dateAfter, dayOfWeek, instantOf, localDate, rfc3339 } from "../../../lib/maryland-time/local-time";

const WEEKDAYS: Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** A start time: its instant, as RFC 3339 with Maryland's offset. */
export interface Start {
  at: string;
  instant: number;
}

/** Time an inspector is held, from `from` to just before `to` (ms since 1970). Inspectors count from 1. */
export interface Busy {
  inspector: number;
  from: number;
  to: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The time a job starting at `instant` holds its inspector: travel there, the job, travel back, the buffer. */
export function heldRange(instant: number, job: JobTimes): { from: number; to: number } {
  return {
    from: instant - job.beforeMinutes * MINUTE_MS,
    to: instant + (job.onSiteMinutes + job.afterMinutes) * MINUTE_MS,
  };
}

const weekdayOf = (date: string) => WEEKDAYS[dayOfWeek(date)]!;

export function createCalendar(availability: AvailabilityContent) {
  const { timeZone, startEveryMinutes } = availability;
  const hoursOn = (date: string) => availability.weeklyHours.find((entry) => entry.day === weekdayOf(date));
  const blocked = new Set(availability.blockedDates);
  const holidaysIn = holidayClosures(availability);

  const isWorkingDay = (date: string) =>
    Boolean(hoursOn(date)) && !blocked.has(date) && !holidaysIn(Number(date.slice(0, 4))).has(date);

  /** The first and last dates a visitor may book on today. */
  function window(now: number): { first: string; last: string } {
    const today = localDate(now, timeZone);
    let first = today;
    for (let found = 0; found < availability.minimumNoticeWorkingDays;) {
      first = dateAfter(first, 1);
      if (isWorkingDay(first)) found += 1;
    }
    return { first, last: dateAfter(today, availability.horizonDays) };
  }

  /**
   * Every start the hours allow on one date for a job of this length, taken or not.
   *
   * The starts of a date for a length of job depend on the content alone: kept, since every
   * answer of the availability function works out a month of them (the wall-clock arithmetic of
   * the time-zone library is most of its cost). Bounded: the window holds a few dozen dates.
   */
  const startsCache = new Map<string, Start[]>();
  function startsOn(date: string, onSiteMinutes: number): Start[] {
    const key = `${date}|${onSiteMinutes}`;
    let starts = startsCache.get(key);
    if (!starts) {
      if (startsCache.size > 10_000) startsCache.clear();
      starts = startsOnDate(date, onSiteMinutes);
      startsCache.set(key, starts);
    }
    return starts;
  }

  /** startsOn, worked out. */
  function startsOnDate(date: string, onSiteMinutes: number): Start[] {
    const hours = hoursOn(date);
    if (!hours || !isWorkingDay(date)) return [];
    const closes = instantOf(date, hours.closes, timeZone);
    const starts: Start[] = [];
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
      starts.push({ at: rfc3339(instant, timeZone), instant });
    }
    return starts;
  }

  /**
   * The first listed inspector's number free over the whole range a job starting at `start` holds,
   * or null: also null when as many inspectors as are listed are busy then (the bookings of a
   * number no longer listed count: someone listed must do them).
   */
  function freeInspector(start: Start, job: JobTimes, busy: readonly Busy[]): number | null {
    const range = heldRange(start.instant, job);
    const busyThen = new Set(
      busy.filter((held) => held.from < range.to && range.from < held.to).map((held) => held.inspector),
    );
    if (busyThen.size >= availability.inspectors.length) return null;
    return availability.inspectors.find((inspector) => !busyThen.has(inspector.number))?.number ?? null;
  }

  /** The open starts of the dates from `from` to `to` (inclusive) within today's window. */
  function openStarts(
    { from, to }: { from: string; to: string },
    job: JobTimes,
    busy: readonly Busy[],
    now: number,
  ): Start[] {
    const { first, last } = window(now);
    const open: Start[] = [];
    // Each start is weighed against the bookings of the days its range touches, not the month's.
    const byDay = new Map<number, Busy[]>();
    const dayOf = (instant: number) => Math.floor(instant / DAY_MS);
    for (const held of busy) {
      for (let day = dayOf(held.from); day <= dayOf(held.to); day += 1) {
        byDay.set(day, [...(byDay.get(day) ?? []), held]);
      }
    }
    for (let date = from < first ? first : from; date <= to && date <= last; date = dateAfter(date, 1)) {
      for (const start of startsOn(date, job.onSiteMinutes)) {
        if (start.instant <= now) continue;
        const range = heldRange(start.instant, job);
        const near = new Set<Busy>();
        for (let day = dayOf(range.from); day <= dayOf(range.to); day += 1) {
          for (const held of byDay.get(day) ?? []) near.add(held);
        }
        if (freeInspector(start, job, [...near]) !== null) open.push(start);
      }
    }
    return open;
  }

  /**
   * The start a booking names, if the hours allow it for this job today: the same start
   * `openStarts` would list, whoever holds it.
   */
  function startAt(at: string, job: JobTimes, now: number): Start | null {
    const instant = Date.parse(at);
    if (Number.isNaN(instant)) return null;
    const date = localDate(instant, timeZone);
    const { first, last } = window(now);
    if (date < first || date > last || instant <= now) return null;
    return startsOn(date, job.onSiteMinutes).find((start) => start.instant === instant) ?? null;
  }

  return { isWorkingDay, window, startsOn, openStarts, startAt, freeInspector };
}

export type BookingCalendar = ReturnType<typeof createCalendar>;
