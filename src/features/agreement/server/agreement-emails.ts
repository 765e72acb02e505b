/**
 * The e-mails of the agreement: the link to sign it, sent again from the desk, and those of a
 * signature (the signed copy with its PDF, and the word to the agent who booked or is copied).
 */
import { business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { type Booking, SIGN_BEFORE_VISIT } from "../../booking/server";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { agreementVisit, type FilledAgreement } from "./agreement";
import { signatureLines, type SignedAgreement } from "../../signed-agreements/server";
import { agreementPdf } from "./agreement-pdf";

/** The client's e-mail with the link to read and sign the agreement: to the client alone, never an agent. */
export function signingLinkMail(booking: Booking, link: string): Omit<MailMessage, "to"> {
  const when = bookedTimeText(booking.start);
  return {
    replyTo: business.email,
    subject: `Please sign your inspection agreement (${booking.reference})`,
    text: [
      "Hello,",
      "",
      `Your inspection ${booking.reference} is ${when} (Maryland time), and its agreement is not signed yet.`,
      SIGN_BEFORE_VISIT,
      "",
      `  ${link}`,
      "",
      `Questions? Call us at ${business.phone} (${business.hours}) and give your reference.`,
      "",
      business.name,
    ].join("\n"),
  };
}

/** The e-mails of a signature: the signed copy to the client and the business, "signed" to the agent who booked or is copied. */
export async function signedMails(
  agreement: SignedAgreement,
  filled: FilledAgreement,
  booking: Booking,
  businessTo: string,
): Promise<Array<{ message: string; mail: MailMessage }>> {
  const pdf = Buffer.from(await agreementPdf(agreement, agreementVisit(booking, filled))).toString("base64");
  const attachment = {
    filename: `inspection-agreement-${agreement.booking}.pdf`,
    contentType: "application/pdf",
    base64: pdf,
  };
  const who = signatureLines(agreement);
  const when = bookedTimeText(booking.start);
  const message = (to: string) => `agreement-${agreement.terms}-${to}`;
  return [
    {
      message: message("business"),
      mail: {
        to: businessTo,
        subject: `Agreement signed: ${booking.reference} (${when})`,
        text: [
          `The inspection agreement of booking ${booking.reference} (${when}) is signed.`,
          "",
          ...who,
          `From address ${agreement.clientAddress ?? "unknown"}, browser ${agreement.userAgent ?? "unknown"}.`,
          "",
          "The signed copy is attached (PDF). Maryland law requires contracts kept 5 years from delivery.",
        ].join("\n"),
        attachments: [attachment],
      },
    },
    {
      message: message("client"),
      mail: {
        to: filled.clientEmail,
        replyTo: business.email,
        subject: `Your signed inspection agreement (${booking.reference})`,
        text: [
          "Hello,",
          "",
          `Thank you for signing the inspection agreement for your inspection ${booking.reference}, ${when} (Maryland time).`,
          "Your signed copy is attached (PDF); please keep it.",
          "",
          ...who,
          "",
          `Questions? Call us at ${business.phone} (${business.hours}) and give your reference.`,
          "",
          business.name,
        ].join("\n"),
        attachments: [attachment],
      },
    },
    ...(filled.agentEmail
      ? [
          {
            message: message("agent"),
            mail: {
              to: filled.agentEmail,
              replyTo: business.email,
              // The agreement is the client's: the agent learns that it is signed, nothing of it.
              subject: `Inspection agreement signed (${booking.reference})`,
              text: [
                "Hello,",
                "",
                `Your client has signed the inspection agreement for inspection ${booking.reference}, ${when} (Maryland time).`,
                "",
                `Questions? Call us at ${business.phone} (${business.hours}) and give the reference.`,
                "",
                business.name,
              ].join("\n"),
            },
          },
        ]
      : []),
  ];
}
