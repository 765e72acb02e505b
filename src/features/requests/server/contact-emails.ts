/**
 * The e-mails a contact message produces: the message to the business, and a confirmation to the
 * visitor that repeats nothing they wrote.
 */
import { business } from "../../../lib/content/business-data";
import { labelOf, topicChoices } from "../../../lib/pricing/catalog";
import type { ContactRequest } from "../../../lib/request-schemas";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { lines } from "../../../lib/server/mail/plain-text";

export interface ContactRecord {
  type: "contact";
  reference: string;
  receivedAt: string;
  message: Omit<ContactRequest, "website">;
}

export function contactEmails(record: ContactRecord, to: string): { business: MailMessage; confirmation: MailMessage } {
  const { message, reference } = record;
  const topic = message.topic === "other" ? "Other" : labelOf(topicChoices, message.topic);
  return {
    business: {
      to,
      replyTo: message.email,
      subject: `Website message ${reference}: ${topic}`,
      text: [
        `New message ${reference}, received ${record.receivedAt}.`,
        "",
        lines([
          ["Name", message.name],
          ["E-mail", message.email],
          ["Phone", message.phone],
          ["Topic", topic],
        ]),
        "",
        message.message,
      ].join("\n"),
    },
    confirmation: {
      to: message.email,
      replyTo: business.email,
      subject: `We received your message (${reference})`,
      // As for schedule requests: nothing the visitor wrote, so this cannot carry anyone's text to a stranger.
      text: [
        "Hello,",
        "",
        `Thank you for writing to us about: ${topic}. Your reference is ${reference}; we will answer within one business day.`,
        "",
        `If it is urgent, call us at ${business.phone} (${business.hours}) and give your reference.`,
        "If you did not write to us, you can ignore this e-mail.",
        "",
        business.name,
      ].join("\n"),
    },
  };
}
