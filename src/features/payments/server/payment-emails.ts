/**
 * The words of the payment e-mails: the receipt the client gets when Stripe's webhook records a
 * payment online or the owner records one taken on site, with the business's details from
 * content/site.yaml, and the "pay now" e-mail the desk sends again. The amounts are those of
 * payment-ledger/payment-status.ts, so they agree with the desk and the booking's page to the cent.
 */
import { business } from "../../../lib/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { formatCents } from "../../../lib/format";
import type { Booking } from "../../booking/server/booking-queries";
import { describeServices } from "../../booking/server/schedule-emails";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import type { PaymentMethod } from "../../payment-ledger/server/payment-queries";
import type { PaymentStatus } from "../../payment-ledger/server/payment-status";

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
  `Paid so far: ${formatCents(status.paidCents - status.refundedCents)}`,
  status.balanceCents > 0 ? `Still to pay: ${formatCents(status.balanceCents)}` : "Nothing more is due.",
];

/** The client's receipt for one payment. */
export const receiptMail =
  (booking: Booking, amountCents: number, method: PaymentMethod, status: PaymentStatus, paidAt: Date) =>
  (): Omit<MailMessage, "to"> => ({
    replyTo: business.email,
    subject: `Receipt: ${formatCents(amountCents)} for inspection ${booking.reference}`,
    text: [
      "Hello,",
      "",
      `Thank you: we have received ${formatCents(amountCents)} (${METHOD_TEXT[method]}) on ${paidAt.toISOString().slice(0, 10)} for inspection ${booking.reference} (${describeServices(booking.job).join(", ") || "Inspection"}) on ${bookedTimeText(booking.start)} (Maryland time), at ${booking.ownerEvent.location}.`,
      "",
      ...standingLines(status),
      "",
      "Keep this e-mail as your receipt.",
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
