/**
 * The calendar files of a booking: the visitor's (what was booked and where, not the client's name,
 * phone or notes) and the owner's feed (the address and the client). The reference is the UID and
 * the booking's sequence the SEQUENCE, so a calendar that has the event moves, confirms or cancels it.
 */
import { availability, business } from "../../../lib/content/business-data";
import { inspectorName, type Inspector } from "../shared/inspectors";
import { type SignedAgreement, signedAtText, signedByText } from "../../signed-agreements/server";
import { standingOf, type Booking, type BookedJob } from "./booking-queries";
import { describeServices } from "./schedule-emails";
import { calendarFile, type InviteEvent } from "../../../lib/server/mail/invite";

/**
 * The visitor's event: what was booked, where, and the phone number. The address is the one
 * thing typed in it: a calendar entry without it sends nobody to the house.
 */
export function visitorEvent(
  reference: string,
  start: string,
  onSiteMinutes: number,
  job: BookedJob,
  location: string,
): InviteEvent {
  const services = describeServices(job);
  return {
    reference,
    start,
    onSiteMinutes,
    location,
    summary: `${services[0] ?? "Inspection"}: ${business.name}`,
    description: `Reference ${reference}. ${services.join("; ")}. Questions: ${business.phone}.`,
  };
}

const isLive = (booking: Booking) => booking.status === "booked" || booking.status === "pending";

/**
 * The visitor's invite as the booking stands: its time now, TENTATIVE while only held, CONFIRMED once
 * confirmed, or a CANCEL that takes it out of the calendar; for `attendees`, the mailboxes its
 * e-mails go to (the client's, and an agent's who booked).
 */
export function bookingInvite(booking: Booking, attendees: readonly string[]): string {
  const live = isLive(booking);
  return calendarFile(
    business.name,
    [
      {
        ...visitorEvent(
          booking.reference,
          booking.start,
          booking.onSiteMinutes,
          booking.job,
          booking.ownerEvent.location,
        ),
        sequence: booking.sequence,
        attendees,
        tentative: booking.status === "pending",
        cancelled: !live,
      },
    ],
    live ? "REQUEST" : "CANCEL",
  );
}

/** What the owner's feed says of a booking's agreement: who signed it, when, which version; or that it is unsigned. */
export const agreementLine = (
  signed: Pick<SignedAgreement, "signerName" | "clientName" | "signedAt" | "version"> | undefined,
) =>
  signed
    ? `Agreement signed ${signedByText(signed)} on ${signedAtText(signed.signedAt)} [${signed.signedAt}], version ${signed.version}.`
    : "Agreement not signed yet.";

/** The start of an owner's event's title: where the booking stands, when it is not simply ahead and confirmed. */
const STANDING_PREFIX: Partial<Record<ReturnType<typeof standingOf>, string>> = {
  pending: "Awaiting confirmation: ",
  done: "Done: ",
};

/**
 * The owner's feed: every booking given, with the address and the client, whether it is
 * confirmed yet or its visit done (at `now`), whether its agreement is signed (`signed`: the
 * signature of each booking that has one), and its inspector by name (`inspectors`, the list as
 * content/availability.yaml has it when the feed is read).
 */
export function ownerFeed(
  bookings: readonly Booking[],
  signed: ReadonlyMap<string, Pick<SignedAgreement, "signerName" | "clientName" | "signedAt" | "version">> = new Map(),
  now = Date.now(),
  inspectors: readonly Inspector[] = availability.inspectors,
  /** Each booking's payment in words (payments/payment-text.ts), as the desk shows it. */
  payments: ReadonlyMap<string, string> = new Map(),
): string {
  return calendarFile(
    `${business.name}: bookings`,
    bookings.map((booking) => ({
      reference: booking.reference,
      start: booking.start,
      onSiteMinutes: booking.onSiteMinutes,
      ...booking.ownerEvent,
      description: `${booking.ownerEvent.description} Inspector: ${inspectorName(inspectors, booking.inspector)}. ${agreementLine(signed.get(booking.reference))}${payments.has(booking.reference) ? ` Payment: ${payments.get(booking.reference)}` : ""}`,
      summary: `${STANDING_PREFIX[standingOf(booking, now)] ?? ""}${booking.ownerEvent.summary}`,
      tentative: booking.status === "pending",
      cancelled: !isLive(booking),
      sequence: booking.sequence,
    })),
  );
}
