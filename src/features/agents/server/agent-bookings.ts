/**
 * The agent's page: the bookings that name this agent and let them see it (booked for the client,
 * or copied at the client's asking), the last 12 months and every one to come, read afresh at each
 * request, so a client's withdrawal holds from the agent's next request. Each in the client's
 * words, with no amount and no link of the client's: those are the client's alone.
 */
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import type { Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { BOOKED_BY_AGENT } from "../../../lib/forms/choices";
import { bookingsAgentSees, standingOf, type Booking } from "../../booking/server";
import { PAYMENT_STATE_WORDS } from "../../payment-ledger/shared";
import { dueCents, paymentStatuses, paymentsOn } from "../../payment-ledger/server";
import { missingFrom, signedAsTermsStand, reportsOf } from "../../report/server";
import { agreementsOf } from "../../signed-agreements/server";
import { AGENT_PAGE_MONTHS, type AgentBookingView } from "../shared/agent-view";

const marylandWords = (instant: string) => bookedTimeText(rfc3339(Date.parse(instant), MARYLAND));

/** Where the booking stands, as the client reads it on their own page and in their e-mails. */
export function stateWords(booking: Booking, now: number): string {
  const moved = booking.moves > 0 ? ", moved since it was made" : "";
  switch (standingOf(booking, now)) {
    case "pending":
      return booking.confirmBy
        ? `held until ${marylandWords(booking.confirmBy)}, for the client to confirm`
        : "held, for the client to confirm";
    case "booked":
      // The office books a caller confirmed at once; a visitor's booking is confirmed from its e-mail.
      return `${booking.confirmBy === null ? "booked" : "confirmed"}${moved}`;
    case "done":
      return "inspected";
    case "cancelled":
      return "cancelled";
    default:
      return "not confirmed in time, so let go";
  }
}

/** The start of the page's window: AGENT_PAGE_MONTHS months before `now`. */
export function pageSince(now: Date): string {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - AGENT_PAGE_MONTHS);
  return since.toISOString();
}

/** The page's bookings and its link to book: the agent's details as their latest booking stores them. */
export async function agentPage(db: Queryable, mailbox: string, now: Date) {
  const bookings = await bookingsAgentSees(db, mailbox, pageSince(now));
  const latest = [...bookings].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
  return { bookings: await agentBookings(db, bookings, now), bookPath: bookPathFor(mailbox, latest) };
}

/** Each booking as the page shows it, the latest to come last. */
async function agentBookings(db: Queryable, bookings: Booking[], now: Date): Promise<AgentBookingView[]> {
  const references = bookings.map((booking) => booking.reference);
  const [payments, reports, signatures] = await Promise.all([
    paymentStatuses(db, references, now),
    reportsOf(db, references),
    agreementsOf(db, references, { withText: false }),
  ]);
  const views: AgentBookingView[] = [];
  for (const booking of bookings) {
    const report = reports.find((each) => each.booking === booking.reference) ?? null;
    const payment = payments.get(booking.reference);
    const signed = signedAsTermsStand(booking, signatures);
    const ready = report !== null && payment !== undefined && missingFrom(report, signed, payment).length === 0;
    const live =
      (booking.status === "booked" || booking.status === "pending") && Date.parse(booking.start) > now.getTime();
    const shared = booking.agentReportConsentAt !== null;
    views.push({
      reference: booking.reference,
      when: bookedTimeText(booking.start),
      upcoming: Date.parse(booking.start) > now.getTime(),
      property: booking.ownerEvent.location,
      client: booking.client?.name ?? "",
      state: stateWords(booking, now.getTime()),
      role: booking.agent?.role === "booked" ? "booked" : "copied",
      agreementSigned: signed,
      payment: payment ? PAYMENT_STATE_WORDS[payment.state] : "",
      report: report === null ? "not-ready" : ready ? "ready" : "withheld",
      reportShared: shared,
      canDownload: shared && ready,
      canResendSigning: live && !signed,
      canResendPay: live && paymentsOn() && payment !== undefined && dueCents(payment) > 0,
    });
  }
  return views;
}

/** One booking the agent sees, or 404: an agent never reaches a booking that is not theirs to see. */
export async function bookingAgentSees(db: Queryable, mailbox: string, reference: unknown, now: Date) {
  if (typeof reference !== "string" || !reference) throw new HttpError(400, "Say which booking.");
  const booking = (await bookingsAgentSees(db, mailbox, pageSince(now))).find((each) => each.reference === reference);
  if (!booking) throw new HttpError(404, "There is no such booking on your page.");
  return booking;
}

/** /schedule with the agent's details filled in, as the booking form's "booked by an agent" path takes them. */
export function bookPathFor(mailbox: string, latest: Booking | undefined): string {
  const params = new URLSearchParams({
    bookedByAgent: BOOKED_BY_AGENT,
    agentName: latest?.agent?.name ?? "",
    agentEmail: mailbox,
    agentPhone: latest?.agent?.phone ?? "",
  });
  return `/schedule?${params.toString()}`;
}
