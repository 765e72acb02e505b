/**
 * /api/booking: a visitor's own booking, by the signed link in its e-mails (booking-links.ts). GET ?token=
 * tells where it stands; POST { token, action } confirms, cancels or moves it (docs/booking.md), until the
 * policy's cut-off, each idempotent and e-mailed once in its transaction (booking-changes.ts). A forged
 * token is answered 403, an expired one 410.
 */
import { subHours } from "date-fns";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { availability, business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { offeredTime } from "../../../lib/forms/field-checks";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { agreementsOf, signedAtText, signedByText } from "../../signed-agreements/server";
import { type Database, type Queryable } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import {
  expireIfLapsed,
  findBooking,
  moveBooking,
  setAgentReportConsent,
  setStatus,
  type Booking,
} from "./booking-queries";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { passSoon } from "../../../lib/server/mail/delivery";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { describeServices } from "./schedule-emails";
import { alternatives, calendar, changedMeanwhile, holdInspector, jobOf, lengthOf, unlessOverlapping } from "./booking";
import { checkBookingToken, linkSecret, signingLink } from "./booking-links";
import { bookingMailboxes, recordChange } from "./booking-changes";
import { bookingInvite } from "./booking-invite";
import { visitorChangeMail } from "./change-emails";
import { cancellationRefundAt, oweCancellationRefund, refundNote, bookingPayment } from "../../payment-ledger/server";

const newStart = offeredTime("Choose one of the open times.", "Choose one of the open times.");

/**
 * What the client decides on their own page: whether their agent, who gets the booking's e-mails,
 * may have the inspection report too. Null without an agent, or when the page is opened from another
 * link than the client's own.
 */
function agentReportChoice(booking: Booking, client: boolean) {
  if (!client || !booking.agent?.role) return null;
  return {
    agent: booking.agent.email,
    consentedAt: booking.agentReportConsentAt ? marylandText(booking.agentReportConsentAt) : null,
    reportDelivered: booking.reportDeliveredAt ? marylandText(booking.reportDeliveredAt) : null,
  };
}

/**
 * What the page shows of a booking: where it stands, and what, where and for how much, as booked;
 * from the client's own link (`client`), also the signing page while the agreement waits for them.
 */
async function describe(db: Queryable, booking: Booking, now: number, client: boolean) {
  // The services and fee never change after booking, so the newest signature of it covers it.
  const [signed] = await agreementsOf(db, [booking.reference]);
  const cutoff = subHours(Date.parse(booking.start), availability.cancellation.cutoffHours).getTime();
  const live = booking.status === "booked" || booking.status === "pending";
  const payment = await bookingPayment(db, booking);
  return {
    reference: booking.reference,
    status: booking.status,
    start: booking.start,
    end: rfc3339(Date.parse(booking.start) + booking.onSiteMinutes * 60_000, MARYLAND),
    when: bookedTimeText(booking.start),
    onSiteMinutes: booking.onSiteMinutes,
    /** A held booking is kept until then (null until its confirmation e-mail is delivered). */
    confirmBy: booking.status === "pending" ? booking.confirmBy : null,
    /** Whether it can still be cancelled or moved here, rather than by phone. */
    changeable: live && now < cutoff,
    movesLeft: Math.max(0, availability.holds.movesPerBooking - booking.moves),
    cutoffHours: availability.cancellation.cutoffHours,
    job: booking.job,
    services: describeServices(booking.job),
    /** The page is opened from the visitor's own link, so it names the property as the invite does. */
    location: booking.ownerEvent.location,
    /** What it costs, as quoted when it was booked (kept on the booking). */
    estimate: payment.quotedCents / 100,
    /** Whether the client has signed the agreement: "by Casey", "for Casey by Pat", with when. */
    agreement: signed ? { by: signedByText(signed), signedAtText: signedAtText(signed.signedAt) } : null,
    /** Whether the page was opened from the client's own link. */
    client,
    /** The client's signing page, by its path, while the booking stands and the agreement is not signed. */
    signPath: client && live && !signed ? signPathOf(booking.reference, now) : null,
    agentReport: agentReportChoice(booking, client),
    /** The visitor's invite, for their calendar, while the booking is live (cancelled: the cancelling one). */
    invite: bookingInvite(booking, bookingMailboxes(booking)),
    payment,
    /** What cancelling now would refund of what was paid online, and keep: the cancel dialog says it first. */
    cancelRefund: live ? await cancellationRefundAt(db, booking, new Date(now)) : null,
  };
}

/**
 * The booking a manage link names, and whether it is the client's own link (booking-links.ts,
 * "client"), or the 403 or 410 its link gets.
 */
export function linkHolder(token: unknown, now: number): { reference: string; client: boolean } {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  const checks = (["client", "manage"] as const).map((purpose) => ({
    client: purpose === "client",
    check: checkBookingToken(secret, token, now, purpose),
  }));
  const found = checks.find(({ check }) => check.ok);
  if (found?.check.ok) return { reference: found.check.reference, client: found.client };
  throw checks.some(({ check }) => !check.ok && check.reason === "expired")
    ? new HttpError(410, `This link has expired. Please call us at ${business.phone}.`)
    : new HttpError(403, "This link is not one of ours.");
}

/** The booking a manage link (the client's or an agent's) names, or the 403 or 410 its link gets. */
export const referenceOf = (token: unknown, now: number): string => linkHolder(token, now).reference;

/** The signing page's path and query: the page links to it on its own site. */
function signPathOf(reference: string, now: number): string | null {
  const secret = linkSecret();
  if (!secret) return null;
  const url = new URL(signingLink(secret, reference, now));
  return `${url.pathname}${url.search}`;
}

/** "Monday, December 7, 2026, 10:30 am" for an instant, as Maryland's clock shows it. */
const marylandText = (instant: string) => bookedTimeText(rfc3339(Date.parse(instant), MARYLAND));

async function bookingOf(db: Queryable, reference: string, forUpdate = false): Promise<Booking> {
  const booking = await findBooking(db, reference, forUpdate);
  if (!booking) throw new HttpError(404, `We cannot find this booking. Please call us at ${business.phone}.`);
  return booking;
}

const tooLate = () =>
  new HttpError(
    409,
    `It is less than ${availability.cancellation.cutoffHours} hours to the inspection: please call us at ${business.phone} to change it.`,
  );

type Answer = { status: number; body: object };

/** Runs one change in a transaction that holds the booking's row (a move: that finds it unchanged), so two changes never interleave. */
async function change(
  db: Database,
  { reference, client }: { reference: string; client: boolean },
  body: { action?: unknown; start?: unknown; consent?: unknown },
  now: Date,
): Promise<Answer> {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, nowIso);
    // A move reads its booking unlocked: the day locks come before any booking row (holdInspector),
    // and the move itself happens only if the booking is still as read.
    const booking = await bookingOf(tx, reference, body.action !== "move");
    const { changeable } = await describe(tx, booking, nowMs, client);
    const live = booking.status === "booked" || booking.status === "pending";

    if (body.action === "confirm") {
      if (booking.status === "booked") return { status: 200, body: await describe(tx, booking, nowMs, client) };
      if (booking.status === "expired") {
        throw new HttpError(
          410,
          "This booking was not confirmed in time, so its time was released. Please book again, or call us.",
        );
      }
      if (booking.status === "cancelled") throw new HttpError(409, "This booking was cancelled.");
      await setStatus(tx, reference, "booked", nowIso);
      const confirmed = await bookingOf(tx, reference);
      await recordChange(
        tx,
        `confirm-${reference}`,
        confirmed,
        `confirmed by the visitor (${bookedTimeText(confirmed.start)})`,
        now,
        visitorChangeMail("confirmed", confirmed, nowMs),
      );
      return { status: 200, body: await describe(tx, confirmed, nowMs, client) };
    }

    if (body.action === "cancel") {
      if (!live) return { status: 200, body: await describe(tx, booking, nowMs, client) };
      if (!changeable) throw tooLate();
      await setStatus(tx, reference, "cancelled", nowIso);
      const cancelled = await bookingOf(tx, reference);
      const refund = await oweCancellationRefund(tx, booking, now);
      await recordChange(
        tx,
        `cancel-${reference}`,
        cancelled,
        `cancelled by the visitor (was ${bookedTimeText(booking.start)})${refundNote(refund)}`,
        now,
        visitorChangeMail("cancelled", cancelled, nowMs, booking.start, refund),
      );
      return { status: 200, body: await describe(tx, cancelled, nowMs, client) };
    }

    if (body.action === "move") {
      // The time is checked as the schedule form's is (an RFC 3339 time and nothing else), not by
      // Date.parse alone, which reads a time with a NUL or other stray characters inside it.
      const asked = newStart.safeParse(body.start).success ? Date.parse(body.start as string) : NaN;
      if (Number.isNaN(asked)) throw new HttpError(400, "Choose one of the open times.");
      if (live && Date.parse(booking.start) === asked)
        return { status: 200, body: await describe(tx, booking, nowMs, client) };
      if (!live) throw new HttpError(409, "This booking is no longer held: please book again.");
      if (!changeable) throw tooLate();
      if (booking.moves >= availability.holds.movesPerBooking) {
        throw new HttpError(
          409,
          `This booking has been moved ${booking.moves} times, as many as we allow online. Please call us at ${business.phone} to move it again.`,
        );
      }
      const length = lengthOf(jobOf(booking.job));
      const next = calendar.startAt(rfc3339(asked, MARYLAND), length, nowMs);
      const date = rfc3339(asked, MARYLAND).slice(0, 10);
      if (!next) {
        return {
          status: 400,
          body: {
            error: "This time is not one we offer for this inspection. Please choose one of the open times.",
            starts: await alternatives(tx, length, date, nowMs, reference),
          },
        };
      }
      // The new time is taken and the old freed in one statement: refused, the booking keeps its time.
      const inspector = await holdInspector(
        tx,
        next,
        length,
        nowMs,
        (chosen, range) =>
          unlessOverlapping(tx, async () => {
            const to = { inspector: chosen, start: next.at, ...range };
            if (!(await moveBooking(tx, reference, to, booking.sequence, nowIso))) throw changedMeanwhile();
          }),
        reference,
      );
      if (inspector === null) {
        return {
          status: 409,
          body: {
            error: "Someone has just booked this time. Please choose another of the open times.",
            starts: await alternatives(tx, length, date, nowMs, reference),
          },
        };
      }
      const moved = await bookingOf(tx, reference);
      await recordChange(
        tx,
        `move-${reference}-${moved.moves}`,
        moved,
        `moved by the visitor from ${bookedTimeText(booking.start)} to ${bookedTimeText(moved.start)}`,
        now,
        visitorChangeMail("moved", moved, nowMs, booking.start),
      );
      return { status: 200, body: await describe(tx, moved, nowMs, client) };
    }
    if (body.action === "agent-report") {
      // The report is the client's: only the client's own link says whether their agent may have it.
      if (!client)
        throw new HttpError(403, "Only the client, from the link in their own e-mail, decides who gets the report.");
      if (typeof body.consent !== "boolean") throw new HttpError(400, "Say whether your agent may have the report.");
      if (!agentReportChoice(booking, client)) {
        throw new HttpError(409, "This booking names no agent who gets its e-mails.");
      }
      if (booking.status === "cancelled" || booking.status === "expired") {
        throw new HttpError(409, "This booking was not kept: there is no report to share.");
      }
      if (body.consent === Boolean(booking.agentReportConsentAt)) {
        return { status: 200, body: await describe(tx, booking, nowMs, client) };
      }
      if (body.consent && booking.reportDeliveredAt) {
        throw new HttpError(
          409,
          "Your report has already been sent to you: to share it, forward its e-mail to your agent.",
        );
      }
      await setAgentReportConsent(tx, reference, body.consent, nowIso);
      const changed = await bookingOf(tx, reference);
      await recordChange(
        tx,
        `agent-report-${reference}-${nowMs}`,
        changed,
        body.consent
          ? "the client said their agent may have the inspection report"
          : "the client took back their agent's access to the inspection report",
        now,
        () => null,
      );
      return { status: 200, body: await describe(tx, changed, nowMs, client) };
    }
    throw new HttpError(
      400,
      'Say what to do: "confirm", "cancel", "move" with a start time, or "agent-report" with your consent.',
    );
  });
}

export async function manageBookingHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    if (req.method === "GET") {
      const holder = linkHolder(readQuery(req).token, now.getTime());
      const db = await databaseOr503(business.phone, "read");
      res.status(200).json(await describe(db, await bookingOf(db, holder.reference), now.getTime(), holder.client));
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    // Reading a booking is cheap and a page reload reads it again; changes are what is limited.
    throttle(
      req,
      "booking",
      `Too many changes from your address. Please wait a few minutes or call us at ${business.phone}.`,
    );
    const body = (await readJsonBody(req)) as { token?: unknown; action?: unknown; start?: unknown; consent?: unknown };
    const holder = linkHolder(body.token, now.getTime());
    const db = await databaseOr503(business.phone);
    const [answer, ownMail] = await withOwnMail(() => change(db, holder, body, now));
    await deliverNow(ownMail);
    res.status(answer.status).json(answer.body);
    // A cancel's refund, and the end of its open Checkout Session, right after the answer.
    if (body.action === "cancel") passSoon();
  } catch (error) {
    sendFailure(res, error, "booking", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}
