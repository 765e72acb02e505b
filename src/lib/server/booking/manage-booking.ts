/**
 * /api/booking: a visitor's own booking, reached by the signed link in its confirmation
 * (booking-links.ts). GET ?token= tells where it stands; POST { token, action: "cancel" } gives
 * its time back; POST { token, action: "move", start } claims a new open time and then gives the
 * old one back. Both work until the policy's cut-off before the start, both are idempotent (a
 * repeat answers as the first did), and each is e-mailed to the business once, through the outbox
 * like any request. A forged token is answered 403, an expired one 410.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { availability, business } from "../../business-data";
import { MARYLAND, rfc3339 } from "../../booking/local-time";
import { bookedTimeText } from "../../booking/booked-time";
import { addDays, calendar, jobOf, lengthOf, openStarts, release } from "./booking";
import { checkBookingToken, linkSecret } from "./booking-links";
import { deliverRequest, startDeliveryWorker } from "../mail/delivery";
import { HttpError, sendFailure } from "../http/http-error";
import { readJsonBody } from "../http/read-body";
import { createReference } from "../requests/reference";
import { oneAtATime } from "../http/one-at-a-time";
import { onNetlify, processState, runtimeEnv } from "../http/runtime";
import { serverSettings } from "../http/settings";
import { requestStore } from "../store";
import type { BookingState, RequestStore } from "../store-types";

export const BOOKING_CHANGES = "booking-changes";
const HOUR_MS = 60 * 60 * 1000;

function describe(booking: BookingState, now: number) {
  const cutoff = Date.parse(booking.start) - availability.cancellation.cutoffHours * HOUR_MS;
  return {
    reference: booking.reference,
    status: booking.status,
    start: booking.start,
    when: bookedTimeText(booking.start),
    onSiteMinutes: booking.onSiteMinutes,
    /** Whether it can still be cancelled or moved here, rather than by phone. */
    changeable: booking.status === "booked" && now < cutoff,
    cutoffHours: availability.cancellation.cutoffHours,
    job: booking.job,
  };
}

async function bookingFor(store: RequestStore, token: unknown, now: number): Promise<BookingState> {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  const check = checkBookingToken(secret, token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, `This link has expired. Please call us at ${business.phone}.`)
      : new HttpError(403, "This link is not one of ours.");
  }
  const booking = await store.slots.booking(check.reference);
  if (!booking) throw new HttpError(404, `We cannot find this booking. Please call us at ${business.phone}.`);
  return booking;
}

/** The business hears of the change through the outbox, once per change (the key makes it so). */
async function tellTheBusiness(store: RequestStore, key: string, booking: BookingState, text: string, now: Date) {
  const env = runtimeEnv();
  const smtpUrl = env.SMTP_URL;
  const from = env.MAIL_FROM ?? `${business.name} <${business.email}>`;
  const reference = createReference("BC", now);
  const { record, created } = await store.storeOnce(BOOKING_CHANGES, key, [], () => ({
    type: "booking-change",
    reference,
    idempotencyKey: key,
    receivedAt: now.toISOString(),
    booking: booking.reference,
    change: text,
    mail: smtpUrl
      ? {
          from,
          business: {
            to: env.MAIL_TO ?? business.email,
            subject: `Booking ${booking.reference}: ${text}`,
            text: `${text}\n\n${booking.ownerEvent.summary}\n${booking.ownerEvent.location}\n${booking.ownerEvent.description}`,
          },
          confirmation: null,
        }
      : null,
  }));
  if (created && smtpUrl) {
    if (!onNetlify(env)) processState("delivery-worker", () => startDeliveryWorker(env));
    void deliverRequest({ store, smtpUrl, settings: serverSettings(env) }, record).catch((error) =>
      console.error("[booking] delivery failed:", error),
    );
  }
}

export async function manageBookingHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const store = requestStore(
      runtimeEnv(),
      (req as { netlifyFunctionParams?: { event?: unknown } }).netlifyFunctionParams?.event,
    );
    if (!store) throw new HttpError(503, `Please call us at ${business.phone} to change a booking.`);
    const now = new Date();
    if (req.method === "GET") {
      const booking = await bookingFor(store, (req.query as Record<string, unknown> | undefined)?.token, now.getTime());
      res.status(200).json(describe(booking, now.getTime()));
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    const body = (await readJsonBody(req)) as { token?: unknown; action?: unknown; start?: unknown };
    const found = await bookingFor(store, body.token, now.getTime());
    // Two changes to one booking never interleave: the second sees what the first did.
    await oneAtATime(`booking:${found.reference}`, () => change(store, res, body, now));
  } catch (error) {
    sendFailure(res, error, "booking", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}

/** Cancels or moves a booking, reading where it stands afresh. */
async function change(
  store: RequestStore,
  res: GatsbyFunctionResponse,
  body: { token?: unknown; action?: unknown; start?: unknown },
  now: Date,
): Promise<void> {
  const booking = await bookingFor(store, body.token, now.getTime());
  const { changeable } = describe(booking, now.getTime());

  if (body.action === "cancel") {
    if (booking.status === "cancelled") return void res.status(200).json(describe(booking, now.getTime()));
    if (!changeable) throw tooLate();
    await release(store, booking, "cancelled", now.getTime());
    await tellTheBusiness(
      store,
      `cancel-${booking.reference}`,
      booking,
      `cancelled by the visitor (was ${bookedTimeText(booking.start)})`,
      now,
    );
    res.status(200).json(describe({ ...booking, status: "cancelled" }, now.getTime()));
    return;
  }
  if (body.action === "move") {
    const asked = typeof body.start === "string" ? Date.parse(body.start) : NaN;
    if (Number.isNaN(asked)) throw new HttpError(400, "Choose one of the open times.");
    const start = rfc3339(asked, MARYLAND);
    if (booking.status === "booked" && booking.start === start)
      return void res.status(200).json(describe(booking, now.getTime()));
    if (!changeable) throw tooLate();
    const length = lengthOf(jobOf(booking.job));
    const next = calendar.startAt(start, length, now.getTime());
    const refuse = async (status: 400 | 409, error: string) => {
      const date = start.slice(0, 10);
      const starts = (await openStarts(store, length, { from: date, to: addDays(date, 14) }, now.getTime())).slice(
        0,
        12,
      );
      res.status(status).json({ error, starts: starts.map((open) => open.at) });
    };
    if (!next)
      return refuse(400, "This time is not one we offer for this inspection. Please choose one of the open times.");
    const date = next.at.slice(0, 10);
    // The new time is claimed before the old is given back, so the booking always holds one.
    const inspector = await store.slots.claim(date, next.units, availability.inspectors, booking.reference);
    if (inspector === null)
      return refuse(409, "Someone has just booked this time. Please choose another of the open times.");
    const moved: BookingState = {
      ...booking,
      start: next.at,
      date,
      inspector,
      units: next.units,
      moves: booking.moves + 1,
      updatedAt: now.toISOString(),
    };
    await store.slots.saveBooking(moved);
    const stillHeld = new Set(inspector === booking.inspector && date === booking.date ? next.units : []);
    await store.slots.release(
      booking.date,
      booking.inspector,
      booking.units.filter((unit) => !stillHeld.has(unit)),
      booking.reference,
    );
    await tellTheBusiness(
      store,
      `move-${booking.reference}-${moved.moves}`,
      moved,
      `moved by the visitor from ${bookedTimeText(booking.start)} to ${bookedTimeText(moved.start)}`,
      now,
    );
    res.status(200).json(describe(moved, now.getTime()));
    return;
  }
  throw new HttpError(400, 'Say what to do: "cancel", or "move" with a start time.');
}

function tooLate() {
  return new HttpError(
    409,
    `It is less than ${availability.cancellation.cutoffHours} hours to the inspection: please call us at ${business.phone} to change it.`,
  );
}
