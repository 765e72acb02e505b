/**
 * The words of the payment e-mails: the receipt the client gets when Stripe's webhook records a
 * payment online or the owner records one taken on site, with the business's details from
 * content/site.yaml, and the "pay now" e-mail the desk sends again. The amounts are those of
 * payment-ledger/payment-status.ts, so they agree with the desk and the booking's page to the cent.
 */
import { availability, business } from "../../../lib/content/business-data";
import { marylandInstantText } from "../../../lib/maryland-time/local-time";
import { keptCents } from "../../payment-ledger/shared";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { formatCents } from "../../../lib/text/format";
import { type Booking, describeServices } from "../../booking/server";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import type { PaymentMethod, PaymentStatus } from "../../payment-ledger/server";

const METHOD_TEXT: Record<PaymentMethod, string> = {
  online: "card, online",
  cash: "cash",
  check: "check",
  "card-terminal": "card, at the inspection",
};

/** The business as a receipt names it: its name, licence, address, phone and e-mail. */
function businessLines(): string[] {
  const { address } = business;
  const place = [address?.street, address?.locality, address?.region, address?.postalCode].filter(Boolean).join(", ");
  return [
    business.name,
    ...(business.licenseNumber ? [`Maryland home inspector license ${business.licenseNumber}`] : []),
    ...(place ? [place] : []),
    `${business.phone} · ${business.email}`,
  ];
}

const standingLines = (status: PaymentStatus) => [
  `Fee for this booking: ${formatCents(status.quotedCents)}`,
  `Paid so far: ${formatCents(keptCents(status))}`,
  ...(status.refundedCents > 0 ? [`Refunded: ${formatCents(status.refundedCents)}`] : []),
  status.balanceCents > 0 ? `Still to pay: ${formatCents(status.balanceCents)}` : "Nothing more is due.",
];

const inspectionText = (booking: Booking) =>
  `inspection ${booking.reference} (${describeServices(booking.job).join(", ") || "Inspection"}) on ${bookedTimeText(booking.start)} (Maryland time), at ${booking.ownerEvent.location}`;

/** The client's receipt for one payment; `overCents` of it, paid past what was owed, is being refunded. */
export const receiptMail =
  (booking: Booking, amountCents: number, method: PaymentMethod, status: PaymentStatus, paidAt: Date, overCents = 0) =>
  (): Omit<MailMessage, "to"> => ({
    replyTo: business.email,
    subject: `Receipt: ${formatCents(amountCents)} for inspection ${booking.reference}`,
    text: [
      "Hello,",
      "",
      `Thank you: we received ${formatCents(amountCents)} (${METHOD_TEXT[method]}) on ${marylandInstantText(paidAt.getTime())} (Maryland time) for ${inspectionText(booking)}.`,
      ...(overCents > 0
        ? [
            "",
            `That is ${formatCents(overCents)} more than was owed, so we are refunding ${formatCents(overCents)} to the card you paid with. We will e-mail you the day it is sent; it then reaches you in ${availability.cancellation.refund.reachesYouIn}.`,
          ]
        : []),
      "",
      ...standingLines(status),
      "",
      "Keep this e-mail as your receipt.",
      "",
      ...businessLines(),
    ].join("\n"),
  });

/** Why a payment is given back whole, in the client's words. */
export const NOT_LIVE_WORDS = {
  cancelled: "the booking had been cancelled",
  lapsed: "the time was no longer held for you (its hold had ended)",
  taken: "the time was no longer held for you: its hold had ended and the time was booked by someone else",
} as const;

/** A payment that reached us for a visit that is not going ahead: given back in full. */
export const paymentReturnedMail =
  (booking: Pick<Booking, "reference">, amountCents: number, paidAt: Date, why: keyof typeof NOT_LIVE_WORDS) =>
  (): Omit<MailMessage, "to"> => ({
    replyTo: business.email,
    subject: `Refund of ${formatCents(amountCents)} for booking ${booking.reference}`,
    text: [
      "Hello,",
      "",
      `Your payment of ${formatCents(amountCents)} on ${marylandInstantText(paidAt.getTime())} (Maryland time) for booking ${booking.reference} reached us after ${NOT_LIVE_WORDS[why]}. Nothing is owed, so we are refunding all of it to the card you paid with. We will e-mail you the day it is sent; it then reaches you in ${availability.cancellation.refund.reachesYouIn}.`,
      "",
      `To book another time, call us at ${business.phone} or choose one on our website.`,
      "",
      ...businessLines(),
    ].join("\n"),
  });

/** A refund made: how much, when it was sent, and when it reaches the card. */
export const refundSentMail =
  (reference: string, amountCents: number, sentAt: Date) => (): Omit<MailMessage, "to"> => ({
    replyTo: business.email,
    subject: `Refund sent: ${formatCents(amountCents)} for booking ${reference}`,
    text: [
      "Hello,",
      "",
      `We sent a refund of ${formatCents(amountCents)} for booking ${reference} to the card you paid with on ${marylandInstantText(sentAt.getTime())} (Maryland time). It reaches you in ${availability.cancellation.refund.reachesYouIn}.`,
      "",
      "Keep this e-mail as your record of it.",
      "",
      ...businessLines(),
    ].join("\n"),
  });

/** A delayed payment (a bank debit) that did not go through: nothing was taken, and what is due stands. */
export const paymentFailedMail =
  (booking: Booking, amountCents: number, link: string | null) => (): Omit<MailMessage, "to"> => ({
    replyTo: business.email,
    subject: `Your payment of ${formatCents(amountCents)} did not go through (${booking.reference})`,
    text: [
      "Hello,",
      "",
      `Your bank payment of ${formatCents(amountCents)} for ${inspectionText(booking)} did not go through, and nothing was taken. Your booking stands.`,
      ...(link ? ["", "You can pay by card on our payment provider Stripe's page:", `  ${link}`] : []),
      "",
      `Questions? Call us at ${business.phone} (${business.hours}).`,
      "",
      ...businessLines(),
    ].join("\n"),
  });

/** The "pay now" e-mail the owner sends again from the desk. */
export const payNowMail = (booking: Booking, link: string, due: number) => (): Omit<MailMessage, "to"> => ({
  replyTo: business.email,
  subject: `Pay for your inspection ${booking.reference}: ${formatCents(due)}`,
  text: [
    "Hello,",
    "",
    `${formatCents(due)} is due for inspection ${booking.reference} on ${bookedTimeText(booking.start)} (Maryland time). You can pay it online by card, on our payment provider Stripe's page:`,
    `  ${link}`,
    "",
    `Questions? Call us at ${business.phone} (${business.hours}).`,
    "",
    ...businessLines(),
  ].join("\n"),
});
