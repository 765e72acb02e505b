/** The e-mail that tells the client (and the agent the client named) the report is ready, with its page's link. */
import { business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { Booking } from "../../booking/server";
import type { MailMessage } from "../../../lib/server/mail/mailer";

export function reportReadyMail(booking: Booking, link: string, reader: "client" | "agent"): Omit<MailMessage, "to"> {
  const when = bookedTimeText(booking.start);
  return {
    replyTo: business.email,
    subject: `Your inspection report is ready (${booking.reference})`,
    text: [
      "Hello,",
      "",
      reader === "client"
        ? `The report of your inspection ${booking.reference}, ${when} (Maryland time), is ready. Open it here:`
        : `The report of the inspection ${booking.reference}, ${when} (Maryland time), is ready, and the client asked us to share it with you. Open it here:`,
      "",
      `  ${link}`,
      "",
      reader === "client"
        ? "The page gives you the report once the inspection agreement is signed and the fee paid, and otherwise says what is left to do, with the button that does it."
        : "The page gives you the report once the client has signed the inspection agreement and paid the fee.",
      "",
      `Questions? Call us at ${business.phone} (${business.hours}) and give your reference.`,
      "",
      business.name,
    ].join("\n"),
  };
}
