/**
 * The owner's changes to a client's booking (confirm, cancel, move, hand over, resend), through the same
 * store and e-mails as the client's own link (booking-changes.ts): the client and their agent are told
 * once, as they would have been. The owner is held by no cut-off and no limit of moves; a hand-over keeps
 * the time, so the client is not told, and the constraint refuses it where that inspector is not free.
 */
import { availability } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { errorCode, EXCLUSION_VIOLATION, type Database, type Queryable } from "../../../lib/server/db/database";
import {
  expireIfLapsed,
  expireLapsedOverlapping,
  findBooking,
  moveBooking,
  setStatus,
  type Booking,
  changedMeanwhile,
  holdInspector,
  inspectorDays,
  jobOf,
  lengthOf,
  startFor,
  unlessOverlapping,
  recordChange,
  visitorChangeMail,
} from "../../booking/server";
import { lockKeys } from "../../../lib/server/db/advisory-locks";
import { HttpError } from "../../../lib/server/http/http-error";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { oweCancellationRefund, refundNote } from "../../payment-ledger/server";
import { inspectorName } from "../../booking/shared";

/** The client's booking, its row locked unless `locked` is false (a move: see holdInspector). */
async function clientBooking(tx: Queryable, reference: string, locked = true): Promise<Booking> {
  const booking = await findBooking(tx, reference, locked);
  if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
  return booking;
}

const live = (booking: Booking) => booking.status === "booked" || booking.status === "pending";

/**
 * A visit that has started is history: cancelling it would also move its record to a shorter
 * retention, and moving or handing it over would rewrite who was where. The page hides these
 * buttons; the server refuses them too.
 */
function refuseIfStarted(booking: Booking, now: Date, change: string): void {
  if (Date.parse(booking.start) <= now.getTime()) {
    throw new HttpError(409, `This visit started on ${bookedTimeText(booking.start)}: it can no longer be ${change}.`);
  }
}

/** Confirms a held booking as its client's link would; a confirmed one answers as it is. */
export async function confirmForClient(db: Database, reference: string, now: Date) {
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference);
    if (booking.status === "booked") return { reference, status: booking.status };
    if (booking.status === "expired") {
      throw new HttpError(410, "This hold lapsed and its time was released: book the caller into a time again.");
    }
    if (booking.status === "cancelled") throw new HttpError(409, "This booking was cancelled.");
    await setStatus(tx, reference, "booked", nowIso);
    const confirmed = (await findBooking(tx, reference))!;
    await recordChange(
      tx,
      `confirm-${reference}`,
      confirmed,
      "confirmed by the office",
      now,
      visitorChangeMail("confirmed", confirmed, now.getTime()),
      false,
    );
    return { reference, status: confirmed.status };
  });
}

/** Cancels a live booking for its client, at any time before or after the online cut-off. */
export async function cancelForClient(db: Database, reference: string, now: Date) {
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference);
    if (booking.status !== "booked" && booking.status !== "pending") return { reference, status: booking.status };
    refuseIfStarted(booking, now, "cancelled");
    await setStatus(tx, reference, "cancelled", nowIso);
    const cancelled = (await findBooking(tx, reference))!;
    const refund = await oweCancellationRefund(tx, booking, now);
    await recordChange(
      tx,
      `cancel-${reference}`,
      cancelled,
      `cancelled by the office (was ${bookedTimeText(booking.start)})${refundNote(refund)}`,
      now,
      visitorChangeMail("cancelled", cancelled, now.getTime(), booking.start, refund),
    );
    return { reference, status: cancelled.status };
  });
}

/** The time a booking is moved to: an instant (ms), offered or, with `outsideHours`, any to come. */
export interface MoveAsk {
  reference: string;
  start: number;
  outsideHours: boolean;
}

/**
 * Moves a live booking to another offered time (or, with `outsideHours`, any time to come) for its
 * client, who is told as if they had moved it.
 */
export async function moveForClient(db: Database, ask: MoveAsk, now: Date) {
  const { reference, outsideHours } = ask;
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference, false);
    if (!live(booking)) throw new HttpError(409, "This booking is no longer held: book the client again.");
    refuseIfStarted(booking, now, "moved");
    const length = lengthOf(jobOf(booking.job));
    const next = startFor(rfc3339(ask.start, MARYLAND), length, now.getTime(), { outsideHours });
    if (!next) {
      throw new HttpError(
        400,
        outsideHours
          ? "Choose a time to the minute that is still to come, within a year."
          : "This time is not one offered for this inspection: choose one of the open times, or move it outside the hours.",
      );
    }
    const inspector = await holdInspector(
      tx,
      next,
      length,
      now.getTime(),
      (chosen, range) =>
        unlessOverlapping(tx, async () => {
          const to = { inspector: chosen, start: next.at, ...range };
          if (!(await moveBooking(tx, reference, to, booking.sequence, nowIso))) throw changedMeanwhile();
        }),
      reference,
    );
    if (inspector === null) throw new HttpError(409, "No inspector is free at that time: choose another.");
    const moved = (await findBooking(tx, reference))!;
    await recordChange(
      tx,
      `move-${reference}-${moved.moves}`,
      moved,
      `moved by the office from ${bookedTimeText(booking.start)} to ${bookedTimeText(moved.start)}`,
      now,
      visitorChangeMail("moved", moved, now.getTime(), booking.start),
    );
    return { reference, start: moved.start, inspector: moved.inspector };
  });
}

/** Hands a live booking to another inspector at the same time, where that one is free. */
export async function handToInspector(db: Database, ask: { reference: string; inspector: number }, now: Date) {
  const { reference, inspector: to } = ask;
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    const booking = await clientBooking(tx, reference, false);
    if (!live(booking)) throw new HttpError(409, "This booking is no longer held.");
    refuseIfStarted(booking, now, "handed over");
    if (booking.inspector === to) return { reference, inspector: to };
    const range = { from: booking.from, to: booking.to };
    await lockKeys(tx, inspectorDays(to, range));
    await expireLapsedOverlapping(tx, to, range, nowIso);
    // No savepoint: refused, the whole change is.
    const handed = await moveBooking(
      tx,
      reference,
      { inspector: to, start: booking.start, ...range },
      booking.sequence,
      nowIso,
    ).catch((error: unknown) => {
      if (errorCode(error) !== EXCLUSION_VIOLATION) throw error;
      throw new HttpError(
        409,
        `${inspectorName(availability.inspectors, to)} is not free then: a booking or time off holds that time.`,
      );
    });
    if (!handed) throw changedMeanwhile();
    return { reference, inspector: to };
  });
}

/**
 * Sends the client (and an agent who booked) again the latest e-mail that carries the booking as it
 * stands: its confirmation, with the links to confirm, change and sign, or after a move the moved
 * one. The links are the same; they stay valid until the visit.
 */
export async function resendToClient(db: Database, reference: string, now: Date) {
  return db.transaction(async (tx) => {
    const booking = await clientBooking(tx, reference);
    if (!live(booking)) throw new HttpError(409, "This booking is no longer held: there is nothing to resend.");
    const [latest] = await tx.query<{ mail: MailMessage }>(
      `SELECT d.mail FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
       WHERE (d.reference = $1 AND d.message = 'confirmation')
          OR (r.kind = 'booking-changes' AND r.record->>'booking' = $1 AND d.message = 'client')
       ORDER BY d.created_at DESC, d.position LIMIT 1`,
      [reference],
    );
    if (!latest) throw new HttpError(404, "No e-mail of this booking is kept to send again.");
    const { to: _to, ...mail } = latest.mail as MailMessage & { from?: string };
    delete (mail as { from?: string }).from;
    await recordChange(
      tx,
      `resend-${reference}-${now.getTime()}`,
      booking,
      "sent again by the office",
      now,
      // The client's e-mail as it was sent, its invite and attendees too; with the client's own
      // links, it never goes to an agent who is only copied.
      (_attendees, reader) => (reader === "copied" ? null : mail),
      false,
    );
    return { reference, resent: mail.subject };
  });
}
