/**
 * Time off for one inspector or all: rows of bookings with status 'time_off', so the constraint that keeps
 * bookings apart keeps time off apart too, on any number of servers. It covers the free parts of its range;
 * the live bookings inside keep their time and are listed for the owner to move, hand over or cancel.
 */
import { instantOf, MARYLAND } from "../../../lib/maryland-time/local-time";
import { marylandToday } from "../../../lib/maryland-time/maryland-today";
import { errorCode, EXCLUSION_VIOLATION, type Database, type Queryable } from "../../../lib/server/db/database";
import {
  busyBetween,
  expireLapsedOverlapping,
  insertBooking,
  setStatus,
  findBooking,
  inspectorDays,
} from "../../booking/server";
import { lockKeys } from "../../../lib/server/db/advisory-locks";
import { HttpError } from "../../../lib/server/http/http-error";
import { storeDeskRequest } from "./desk-mail";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TimeOffAsk {
  inspectors: number[];
  from: number;
  to: number;
  note: string;
}

/** Time off may end this far ahead at most: a year, as a booking outside the hours. */
const YEAR_MS = 365 * DAY_MS;

/**
 * The time off asked for, or 400 naming the problem: it starts today (Maryland's) at the earliest,
 * ends after it starts, within a month of it and within a year from now.
 */
export function timeOffAsk(ask: TimeOffAsk, now: Date): TimeOffAsk {
  const { from, to } = ask;
  if (to <= from) throw new HttpError(400, "The time off must end after it starts.");
  if (to - from > 31 * DAY_MS) throw new HttpError(400, "Take time off a month at most at once.");
  if (from < instantOf(marylandToday(now), "00:00", MARYLAND)!) {
    throw new HttpError(400, "Time off starts today at the earliest: the days before are over.");
  }
  if (to > now.getTime() + YEAR_MS) throw new HttpError(400, "Time off ends within a year from today.");
  return ask;
}

/** The parts of [from, to) that no busy range covers. */
function freeParts(from: number, to: number, busy: Array<{ from: number; to: number }>) {
  const parts: Array<{ from: number; to: number }> = [];
  let at = from;
  for (const range of [...busy].sort((a, b) => a.from - b.from)) {
    if (range.from > at) parts.push({ from: at, to: Math.min(range.from, to) });
    at = Math.max(at, range.to);
    if (at >= to) break;
  }
  if (at < to) parts.push({ from: at, to });
  return parts.filter((part) => part.to > part.from);
}

/** Every inspector-day lock a range touches, in the keys a visitor's booking takes (booking.ts). */
const dayLocks = (inspector: number, from: number, to: number) => {
  const keys: string[] = [];
  for (let at = from; at < to; at += DAY_MS / 2) keys.push(...inspectorDays(inspector, { from: at, to: at + 1 }));
  keys.push(...inspectorDays(inspector, { from: to - 1, to }));
  return [...new Set(keys)];
};

async function insertTimeOff(
  tx: Queryable,
  inspector: number,
  part: { from: number; to: number },
  note: string,
  who: string,
  now: Date,
) {
  const reference = await storeDeskRequest(tx, "TO", { type: "time-off", note, by: who }, [], now);
  const nowIso = now.toISOString();
  await insertBooking(tx, {
    reference,
    inspector,
    start: new Date(part.from).toISOString(),
    onSiteMinutes: Math.max(1, Math.round((part.to - part.from) / 60_000)),
    from: part.from,
    to: part.to,
    status: "time_off",
    confirmBy: null,
    confirmWithinMinutes: 1,
    mailbox: "",
    phone: "",
    property: "",
    job: { mainInspection: "", addOns: [], waterPackages: [], squareFeet: 0, county: "" },
    ownerEvent: { summary: "Time off", description: note, location: "" },
    createdAt: nowIso,
    quotedCents: null,
  });
  return reference;
}

/**
 * Takes the time off in one transaction: the day locks a booking of those days takes, for every
 * inspector at once, then each one's free parts. Returns the time off made and the bookings it left in place.
 */
export async function takeTimeOff(db: Database, ask: TimeOffAsk, who: string, now: Date) {
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    const made: string[] = [];
    // Every inspector's days in one sorted call (lockKeys), the order every path takes them in.
    await lockKeys(
      tx,
      ask.inspectors.flatMap((inspector) => dayLocks(inspector, ask.from, ask.to)),
    );
    for (const inspector of ask.inspectors) {
      await expireLapsedOverlapping(tx, inspector, ask, nowIso);
      const busy = (await busyBetween(tx, ask.from, ask.to, nowIso)).filter((each) => each.inspector === inspector);
      for (const part of freeParts(ask.from, ask.to, busy)) {
        try {
          await tx.query("SAVEPOINT time_off");
          made.push(await insertTimeOff(tx, inspector, part, ask.note, who, now));
          await tx.query("RELEASE SAVEPOINT time_off");
        } catch (error) {
          await tx.query("ROLLBACK TO SAVEPOINT time_off");
          if (errorCode(error) !== EXCLUSION_VIOLATION) throw error;
          throw new HttpError(
            409,
            "A booking took part of this time just now. Look at the day again and take the time off again.",
          );
        }
      }
    }
    const inside = await tx.query<{ reference: string }>(
      `SELECT reference FROM bookings WHERE status IN ('pending', 'booked') AND inspector = ANY($1::integer[])
         AND during && tstzrange($2, $3) ORDER BY start_at`,
      [ask.inspectors, new Date(ask.from).toISOString(), new Date(ask.to).toISOString()],
    );
    return { timeOff: made, bookingsInside: inside.map((row) => row.reference) };
  });
}

/** Gives time off back: the time is open again at once. */
export async function removeTimeOff(db: Database, reference: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await findBooking(tx, reference, true);
    if (!row || (row.status !== "time_off" && row.ownerEvent.summary !== "Time off")) {
      throw new HttpError(404, "There is no such time off.");
    }
    if (row.status === "time_off") await setStatus(tx, reference, "cancelled", now.toISOString());
    return { removed: reference };
  });
}
