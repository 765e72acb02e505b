/**
 * Booking a time: the open starts for a job, and the booking of one, in the transaction that
 * stores its request. The database's exclusion constraint is what refuses an overlap: when two
 * visitors reach one inspector at once, one insert fails and that visitor is offered the next
 * inspector free, or other times.
 */
import { availability, pricing } from "../../../lib/content/business-data";
import { jobLength, type Job, type JobLength } from "../shared/job-length";
import { dateAfter, localDate, MARYLAND, MINUTE_MS, rfc3339 } from "../../../lib/maryland-time/local-time";
import { createCalendar, heldRange, type Start } from "../shared/open-times";
import { NO_MAIN_INSPECTION, SAME_ADDRESS_CONFIRMED } from "../../../lib/forms/choices";
import type { ScheduleRequest } from "../../../lib/request-schemas";
import { agentReportConsented } from "../shared/agent-copy";
import { DEADLOCK_DETECTED, errorCode, EXCLUSION_VIOLATION, type Queryable } from "../../../lib/server/db/database";
import {
  bookingPeople,
  busyBetween,
  busyRead,
  expireLapsedOverlapping,
  insertBookingIfFree,
  holderBookingsRead,
  type Booking,
  type HolderCounts,
  type OwnerEvent,
} from "./booking-queries";
import { lockKeys } from "../../../lib/server/db/advisory-locks";
import { mapRead, runRead, together, type Read } from "../../../lib/server/db/one-trip";
import type { Busy } from "../shared/open-times";
import { HttpError } from "../../../lib/server/http/http-error";
import { mailboxOf } from "../../../lib/server/mail/mailbox-address";

export const calendar = createCalendar(availability);

/**
 * The lock keys of an inspector's days that a range touches (Maryland's calendar), in order: the
 * only bookings that can clash are one inspector's on one day.
 */
export const inspectorDays = (inspector: number, range: { from: number; to: number }) =>
  [...new Set([localDate(range.from, MARYLAND), localDate(range.to - 1, MARYLAND)])].map(
    (day) => `inspector:${inspector}:${day}`,
  );

/** Every inspector's day locks of a range, the keys every placement of that range takes first. */
const dayLocks = (range: { from: number; to: number }) =>
  availability.inspectors.flatMap(({ number }) => inspectorDays(number, range));

/** How many open times a refused booking offers instead, and over how many days from its own. */
const ALTERNATIVES = 12;
const ALTERNATIVE_DAYS = 14;
/** Tries of one booking per inspector, before it is told the time is taken: conflicts are rare. */
const RETRIES_PER_INSPECTOR = 4;

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

/**
 * The open starts from `from` to `to` (dates) for a job, less the time live bookings hold: one
 * query for the whole span. Dates outside today's booking window are never looked at, so any
 * span costs at most the window.
 */
export async function openStarts(
  db: Queryable,
  length: JobLength,
  { from, to }: { from: string; to: string },
  now: number,
  except?: string,
): Promise<Start[]> {
  const { first, last } = calendar.window(now);
  const [start, end] = [from < first ? first : from, to > last ? last : to];
  if (start > end) return [];
  // A day before and after, so a booking across midnight in any zone is seen.
  const busy = await busyBetween(
    db,
    Date.parse(`${dateAfter(start, -1)}T00:00:00Z`),
    Date.parse(`${dateAfter(end, 2)}T00:00:00Z`),
    new Date(now).toISOString(),
    except,
  );
  return calendar.openStarts({ from: start, to: end }, length, busy, now);
}

/** Up to ALTERNATIVES open times in the fortnight from `date`, for a refused booking or move. */
export async function alternatives(
  db: Queryable,
  length: JobLength,
  date: string,
  now: number,
  except?: string,
): Promise<string[]> {
  const open = await openStarts(db, length, { from: date, to: dateAfter(date, ALTERNATIVE_DAYS) }, now, except);
  return open.slice(0, ALTERNATIVES).map((start) => start.at);
}

/** Who holds a booking, as its limits count them: the mailbox, the phone's digits, the property. */
export function holderOf(request: Pick<ScheduleRequest, "email" | "phone" | "street" | "zip">) {
  return {
    mailbox: mailboxOf(request.email),
    phone: request.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, ""),
    property: `${request.street
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim()}|${request.zip.slice(0, 5)}`,
  };
}

export type Refusal = {
  ok: false;
  /** 400: not a time offered for this job; 409: taken, or the holder's limit is reached. */
  status: 400 | 409;
  message: string;
  /** Other open times for the same job (none when it is the limit that refused). */
  starts: string[];
  /** The address already has a visit at an overlapping time: sent again with `sameAddress`, it is booked. */
  sameAddress?: true;
};

/** Where an asked-for start falls, for offering other times near it. */
const dateOf = (at: string, now: number) => {
  const asked = Date.parse(at);
  return localDate(Number.isNaN(asked) ? now : asked, MARYLAND);
};

/**
 * Picks the first inspector free over the whole range and places the booking there (`place`
 * answers false when the constraint refused it); then looks again. First it takes every listed
 * inspector's locks of the days the range touches, sorted, in one call, before any booking row (a
 * move reads its booking without locking it): placements on one day take turns, on different days
 * never wait, and no two transactions can wait for each other. A placement that meets a hold that
 * has lapsed (not live, but still pending: see booking-queries.ts) expires that hold and looks
 * again; this ends when every inspector is seen taken, or after a bounded number of tries.
 */
export async function holdInspector(
  tx: Queryable,
  start: Start,
  length: JobLength,
  now: number,
  place: (inspector: number, range: { from: number; to: number }) => Promise<boolean>,
  except?: string,
  /** The time held then, read under the day locks, which the caller took already (a booking: bookingPlan). */
  busyNow?: Busy[],
): Promise<number | null> {
  const range = heldRange(start.instant, length);
  // Held until this transaction ends. The constraint still decides: a later placement, once this
  // one commits, is refused.
  if (!busyNow) await lockKeys(tx, dayLocks(range));
  let busy = busyNow;
  for (let tries = 0; tries < RETRIES_PER_INSPECTOR * (availability.inspectors.length + 1); tries += 1) {
    busy ??= await busyBetween(tx, range.from, range.to, new Date(now).toISOString(), except);
    const inspector = calendar.freeInspector(start, length, busy);
    if (inspector === null) return null;
    if (await place(inspector, range)) return inspector;
    await expireLapsedOverlapping(tx, inspector, range, new Date(now).toISOString());
    busy = undefined;
  }
  return null;
}

/** Takes a booking's locks and reads its facts, for a caller that has not (bookingPlan). */
async function lockedFacts(
  tx: Queryable,
  request: ScheduleRequest,
  now: number,
  office?: OfficeBooking,
): Promise<BookingFacts> {
  const plan = bookingPlan(request, now, office)!;
  await lockKeys(tx, plan.locks);
  return runRead(tx, plan.read);
}

/** A move whose booking changed after it was read (a cancel, another move) moves nothing. */
export const changedMeanwhile = () =>
  new HttpError(409, "This booking changed a moment ago: open it again to see where it stands.");

/**
 * Runs a change the exclusion constraint may refuse (a move: an UPDATE, which cannot say ON
 * CONFLICT) under a savepoint; false when the constraint refused it, or a deadlock (40P01, which
 * PostgreSQL's documentation warns exclusion constraints can raise) ended it.
 */
export async function unlessOverlapping(tx: Queryable, change: () => Promise<void>): Promise<boolean> {
  await tx.query("SAVEPOINT hold");
  try {
    await change();
    await tx.query("RELEASE SAVEPOINT hold");
    return true;
  } catch (error) {
    await tx.query("ROLLBACK TO SAVEPOINT hold");
    const code = errorCode(error);
    if (code !== EXCLUSION_VIOLATION && code !== DEADLOCK_DETECTED) throw error;
    return false;
  }
}

/**
 * How the office books a caller on the desk: confirmed at once (the caller agreed the time on the
 * phone), held by none of the online limits on holds, and, knowingly, at a time outside the hours
 * the site offers. The constraint still refuses it over a booking or time off.
 */
export interface OfficeBooking {
  outsideHours: boolean;
}

/** The latest an office booking outside the hours may start: a year ahead, as a sanity bound. */
const OFFICE_HORIZON_MS = 366 * 24 * 60 * MINUTE_MS;

/**
 * The start a booking names: one of the offered starts, or for the office outside the hours any
 * future whole minute within a year.
 */
export function startFor(at: string, length: JobLength, now: number, office?: OfficeBooking): Start | null {
  if (!office?.outsideHours) return calendar.startAt(at, length, now);
  const instant = Date.parse(at);
  if (Number.isNaN(instant) || instant <= now || instant > now + OFFICE_HORIZON_MS || instant % MINUTE_MS) return null;
  return { at: rfc3339(instant, MARYLAND), instant };
}

/** What a booking reads under its locks: what its holder has already, and the time held around it. */
export interface BookingFacts {
  counts: HolderCounts;
  busy: Busy[];
}

/**
 * What booking a request takes before it is placed: the locks its transaction takes first (its
 * holder's, for the limits, and every inspector's days it touches) and what it reads under them.
 * The request's store takes these locks with its own in one sorted call, and reads these facts
 * with its own in one statement; none when the request names no start offered (book refuses it).
 */
export function bookingPlan(
  request: ScheduleRequest,
  now: number,
  office?: OfficeBooking,
): { locks: string[]; read: Read<BookingFacts> } | null {
  const length = lengthOf(jobOf(request));
  const start = startFor(request.start ?? "", length, now, office);
  if (!start) return null;
  const holder = holderOf(request);
  const range = heldRange(start.instant, length);
  const visit = { from: start.instant, to: start.instant + length.onSiteMinutes * MINUTE_MS };
  const nowIso = new Date(now).toISOString();
  return {
    locks: [`mailbox:${holder.mailbox}`, `phone:${holder.phone}`, `property:${holder.property}`, ...dayLocks(range)],
    read: mapRead(
      together([holderBookingsRead(holder, visit, nowIso), busyRead(range.from, range.to, nowIso)]),
      ([counts, busy]) => ({ counts, busy }),
    ),
  };
}

/**
 * Books the start a request names, inside the transaction that stores the request: the booking
 * is stored with it or not at all, so a crash can never leave a time held without its request.
 * `facts` are bookingPlan's, read under its locks; without them it takes the locks and reads them itself.
 */
export async function book(
  tx: Queryable,
  {
    request,
    reference,
    now,
    ownerEvent,
    confirmBy,
    office,
    quotedCents,
  }: {
    request: ScheduleRequest;
    /** The server's own quote of it, in cents: kept on the booking. */
    quotedCents: number;
    reference: string;
    now: number;
    ownerEvent: OwnerEvent;
    /** When the hold ends unless it is confirmed (set as it is made). */
    confirmBy: string;
    /** Booked by the office for a caller: confirmed at once (see OfficeBooking). */
    office?: OfficeBooking;
  },
  facts?: BookingFacts,
): Promise<{ ok: true; booking: Booking } | Refusal> {
  const length = lengthOf(jobOf(request));
  const nowIso = new Date(now).toISOString();
  const start = startFor(request.start ?? "", length, now, office);
  if (!start) {
    return {
      ok: false,
      status: 400,
      message: office?.outsideHours
        ? "Choose a time to the minute that is still to come, within a year."
        : office
          ? "This time is not one offered for this inspection: choose one of the open times, or book it outside the hours."
          : "This time is not one we offer for this inspection. Please choose one of the open times.",
      starts: await alternatives(tx, length, dateOf(request.start ?? "", now), now),
    };
  }
  const holder = holderOf(request);
  // Two bookings by one holder are counted one after the other, on any server; one day's placements too.
  const { counts, busy } = facts ?? (await lockedFacts(tx, request, now, office));
  const { holds } = availability;
  // The limits keep strangers from holding the calendar online; the office books whom it talks to.
  const over = office
    ? null
    : counts.mailbox >= holds.perMailbox
      ? "this e-mail address"
      : counts.phone >= holds.perPhone
        ? "this phone number"
        : counts.property >= holds.perProperty
          ? "this property"
          : null;
  if (over) {
    return {
      ok: false,
      status: 409,
      message: `There are already as many bookings for ${over} as we hold at once online. To book another, confirm or cancel one with the link in its e-mail, or call us.`,
      starts: [],
    };
  }
  if (request.sameAddress !== SAME_ADDRESS_CONFIRMED && counts.propertyVisitOverlaps) {
    return {
      ok: false,
      status: 409,
      message:
        "This address already has an inspection booked at an overlapping time, perhaps by you or by an agent. Nothing is booked yet: book this one as well, or choose another time.",
      starts: [],
      sameAddress: true,
    };
  }
  const booking: Booking = {
    reference,
    inspector: 0,
    start: start.at,
    onSiteMinutes: length.onSiteMinutes,
    from: 0,
    to: 0,
    status: office ? "booked" : "pending",
    confirmBy: office ? null : confirmBy,
    confirmWithinMinutes: holds.confirmWithinMinutes,
    ...holder,
    job: {
      mainInspection: request.mainInspection,
      addOns: request.addOns,
      waterPackages: request.waterPackages,
      squareFeet: request.squareFeet,
      county: request.county,
    },
    ownerEvent,
    moves: 0,
    sequence: 0,
    createdAt: nowIso,
    updatedAt: nowIso,
    quotedCents,
    ...bookingPeople(request),
    agentReportConsentAt: agentReportConsented(request) ? nowIso : null,
    reportDeliveredAt: null,
  };
  const inspector = await holdInspector(
    tx,
    start,
    length,
    now,
    (chosen, range) => {
      Object.assign(booking, { inspector: chosen, ...range });
      return insertBookingIfFree(tx, booking);
    },
    undefined,
    busy,
  );
  if (inspector === null) {
    return {
      ok: false,
      status: 409,
      message: office
        ? "No inspector is free at that time: a booking or time off holds it. Choose another time."
        : "Someone has just booked this time. Please choose another of the open times.",
      starts: await alternatives(tx, length, localDate(start.instant, MARYLAND), now),
    };
  }
  return { ok: true, booking };
}
