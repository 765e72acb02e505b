/**
 * The e-mails a visitor (the client, and an agent who booked or is copied) gets when their booking is
 * confirmed, moved or cancelled. The agent's copy names the booking as the client's and carries none of the
 * client's links. Each carries the invite as the booking now stands (booking-invite.ts): the same UID at a higher
 * SEQUENCE, so a calendar updates its event, and a CANCEL that removes it.
 */
import { availability, business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { Booking } from "./booking-queries";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { COPIED_AGENT_NOTE, describeServices, type Reader } from "./schedule-emails";
import { bookingInvite } from "./booking-invite";
import { clientManageLink, linkSecret, manageLink, scheduleLink } from "./booking-links";
import { refundLines, type CancellationRefund } from "../../payment-ledger/server";

export type VisitorChange = "confirmed" | "moved" | "cancelled";

const signOff = (booking: Booking) => [
  `Questions? Call us at ${business.phone} (${business.hours}) and give your reference, ${booking.reference}.`,
  "",
  business.name,
];

/**
 * The link that changes it further, and what it can still do: a confirmed booking has nothing to
 * confirm. The client's is their own (it also signs and shares the report); an agent who booked gets a manage link.
 */
function linkLines(booking: Booking, now: number, client: boolean): string[] {
  const secret = linkSecret();
  const link = secret ? (client ? clientManageLink : manageLink)(secret, booking.reference, now) : null;
  if (!link) return [];
  const can = booking.status === "pending" ? "To confirm, cancel or move it" : "To cancel or move it";
  return [`${can}, until ${availability.cancellation.cutoffHours} hours before it starts:`, `  ${link}`, ""];
}

/**
 * The e-mail of a change for the mailboxes it goes to (`attendees`, named in its invite) and the
 * one who reads it, without its recipient; recordChange (manage-booking.ts) knows the mailboxes
 * and calls it.
 */
export const visitorChangeMail =
  (
    change: VisitorChange,
    booking: Booking,
    now: number,
    /** For a cancellation or a move: the time it had before. */
    before?: string,
    /** For a cancellation of a booking paid online: what is refunded and what kept (the client's e-mail alone says it). */
    refund?: CancellationRefund,
  ) =>
  (attendees: readonly string[], reader: Reader): Omit<MailMessage, "to"> =>
    changeMail(change, booking, now, before, attendees, reader, reader === "client" ? refund : undefined);

function changeMail(
  change: VisitorChange,
  booking: Booking,
  now: number,
  before: string | undefined,
  attendees: readonly string[],
  /** Who reads it; an agent copied at the client's request reads the client's booking, without the client's links. */
  reader: Reader,
  refund?: CancellationRefund,
): Omit<MailMessage, "to"> {
  const copy = reader === "copied";
  const when = `${bookedTimeText(booking.start)} (Maryland time)`;
  const what = describeServices(booking.job).join(", ") || "Inspection";
  const calendar = bookingInvite(booking, attendees);
  const whose = copy ? "Your client's" : "Your";
  const greeting = copy ? ["Hello,", "", COPIED_AGENT_NOTE, ""] : ["Hello,", ""];
  const links = copy ? [] : linkLines(booking, now, reader === "client");
  if (change === "cancelled") {
    return {
      replyTo: business.email,
      subject: `${whose} inspection is cancelled: ${bookedTimeText(before ?? booking.start)} (${booking.reference})`,
      text: [
        ...greeting,
        `${whose} inspection ${booking.reference} (${what}) on ${bookedTimeText(before ?? booking.start)} (Maryland time) is cancelled, as asked from its link.`,
        "The attached cancellation takes it out of your calendar.",
        "",
        ...(refund && !copy
          ? refundLines(refund.refundedCents, refund.keptCents, availability.cancellation.refund.reachesYouIn)
          : []),
        "To book another time, choose one on our schedule page:",
        `  ${scheduleLink()}`,
        "",
        ...signOff(booking),
      ].join("\n"),
      calendar,
    };
  }
  if (change === "moved") {
    return {
      replyTo: business.email,
      subject: `${whose} inspection is moved: ${bookedTimeText(booking.start)} (${booking.reference})`,
      text: [
        ...greeting,
        `${whose} inspection ${booking.reference} (${what}) now starts ${when}${before ? `, no longer ${bookedTimeText(before)}` : ""}.`,
        "The attached invitation moves it in your calendar.",
        ...(booking.status === "pending" && !copy
          ? ['It is still held only until you confirm it: open the link below and choose "Keep this time".']
          : booking.status === "pending"
            ? ["It is still held only until the client confirms it."]
            : []),
        "",
        ...links,
        ...signOff(booking),
      ].join("\n"),
      calendar,
    };
  }
  return {
    replyTo: business.email,
    subject: `${whose} inspection is confirmed: ${bookedTimeText(booking.start)} (${booking.reference})`,
    text: [
      ...greeting,
      `${whose} inspection ${booking.reference} (${what}) is confirmed for ${when}.`,
      "The attached invitation marks it confirmed in your calendar.",
      "",
      ...links,
      ...signOff(booking),
    ].join("\n"),
    calendar,
  };
}
