/** The e-mails of a signature: the signed copy with its PDF, and the word to an agent who booked. */
import { business } from "../../business-data";
import { bookedTimeText } from "../../booking/booked-time";
import type { Booking } from "../booking/booking-queries";
import type { MailMessage } from "../mail/mailer";
import { signatureLines, type FilledAgreement } from "./agreement";
import { agreementPdf } from "./agreement-pdf";
import type { SignedAgreement } from "./agreement-queries";

/** The e-mails of a signature: the signed copy to the client and the business, "signed" to an agent who booked. */
export async function signedMails(
  agreement: SignedAgreement,
  filled: FilledAgreement,
  booking: Booking,
  businessTo: string,
): Promise<Array<{ message: string; mail: MailMessage }>> {
  const pdf = Buffer.from(await agreementPdf(agreement)).toString("base64");
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
