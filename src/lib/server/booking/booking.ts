/**
 * Booking a time: the open starts for a job, and the claim of the inspector time a booking covers.
 * The claim is made before the request is stored and released if it is not, so a time is held by
 * exactly one stored booking (see SlotStore in store-types.ts).
 */
import { availability, pricing } from "../../business-data";
import { jobLength, type Job, type JobLength } from "../../booking/job-length";
import { localDate, MARYLAND } from "../../booking/local-time";
import { createCalendar, type Start } from "../../booking/open-times";
import { NO_MAIN_INSPECTION } from "../../forms/choices";
import type { ScheduleRequest } from "../../request-schemas";
import type { BookingState, RequestStore } from "../store-types";

export const calendar = createCalendar(availability);

/** How many open times a refused booking offers instead, and over how many days from its own. */
const ALTERNATIVES = 12;
const ALTERNATIVE_DAYS = 14;

export function jobOf(
  request: Pick<ScheduleRequest, "mainInspection" | "squareFeet" | "addOns" | "waterPackages" | "county">,
): Job {
  return {
    mainInspection: request.mainInspection === NO_MAIN_INSPECTION ? null : request.mainInspection,
    squareFeet: request.squareFeet,
    addOns: request.addOns,
    waterPackages: request.waterPackages,
    county: request.county,
  };
}

export const lengthOf = (job: Job): JobLength => jobLength(availability, pricing, job);

export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The dates from `from` to `to`, inclusive (YYYY-MM-DD). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = new Date(`${from}T12:00:00Z`); date.toISOString().slice(0, 10) <= to;) {
    dates.push(date.toISOString().slice(0, 10));
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return dates;
}

/** The open starts from `from` to `to` for a job of this length, less the time bookings hold. */
export async function openStarts(
  store: RequestStore,
  length: JobLength,
  { from, to }: { from: string; to: string },
  now: number,
): Promise<Start[]> {
  const { first, last } = calendar.window(now);
  const dates = datesBetween(from < first ? first : from, to > last ? last : to);
  if (!dates.length) return [];
  const taken = await store.slots.taken(dates);
  return calendar.openStarts({ from: dates[0]!, to: dates.at(-1)! }, length, taken, now);
}

export type Reservation =
  | { ok: true; booking: BookingState }
  /** The time is not one the hours offer for this job (400), or is held (409, with other open times). */
  | { ok: false; status: 400 | 409; message: string; starts: string[] };

/**
 * Claims the inspector time of a booking's start for `reference`, and records where the booking
 * stands before anything else is stored, so a claim without its booking is known to be left over.
 */
export async function reserve(
  store: RequestStore,
  request: ScheduleRequest,
  reference: string,
  now: number,
  ownerEvent: BookingState["ownerEvent"],
): Promise<Reservation> {
  const length = lengthOf(jobOf(request));
  const start = calendar.startAt(request.start ?? "", length, now);
  const offerFrom = async (date: string) =>
    (await openStarts(store, length, { from: date, to: addDays(date, ALTERNATIVE_DAYS) }, now))
      .slice(0, ALTERNATIVES)
      .map((open) => open.at);
  if (!start) {
    const asked = Date.parse(request.start ?? "");
    const date = localDate(Number.isNaN(asked) ? now : asked, MARYLAND);
    return {
      ok: false,
      status: 400,
      message: "This time is not one we offer for this inspection. Please choose one of the open times.",
      starts: await offerFrom(date),
    };
  }
  const date = localDate(start.instant, MARYLAND);
  const inspector = await store.slots.claim(date, start.units, availability.inspectors, reference);
  if (inspector === null) {
    return {
      ok: false,
      status: 409,
      message: "Someone has just booked this time. Please choose another of the open times.",
      starts: await offerFrom(date),
    };
  }
  const booking: BookingState = {
    reference,
    start: start.at,
    inspector,
    date,
    units: start.units,
    status: "booked",
    moves: 0,
    updatedAt: new Date(now).toISOString(),
    job: {
      mainInspection: request.mainInspection,
      addOns: request.addOns,
      waterPackages: request.waterPackages,
      squareFeet: request.squareFeet,
      county: request.county,
    },
    onSiteMinutes: length.onSiteMinutes,
    ownerEvent,
  };
  await store.slots.saveBooking(booking);
  return { ok: true, booking };
}

/** Gives a booking's time back (its request could not be stored, or it is cancelled or moved). */
export async function release(store: RequestStore, booking: BookingState, status: BookingState["status"], now: number) {
  await store.slots.saveBooking({ ...booking, status, updatedAt: new Date(now).toISOString() });
  await store.slots.release(booking.date, booking.inspector, booking.units, booking.reference);
}
