/** The e-mails of the data rights: the link to what is kept about an address, and the owner's notice. */
import { business } from "../../../lib/content/business-data";
import type { MailMessage } from "../../../lib/server/mail/mailer";

/**
 * The e-mail with the link to what is kept about an address: only to that address, and with
 * nothing anyone typed but the address itself, so it cannot carry a stranger's text.
 */
export function dataLinkEmail(to: string, link: string, validHours: number): MailMessage {
  return {
    to,
    replyTo: business.email,
    subject: "Your link to the data we keep about this e-mail address",
    text: [
      "Hello,",
      "",
      "Someone asked, on our website, to see what we keep about this e-mail address. This link shows it,",
      `lets you download it, and lets you delete it. It works for ${validHours} hours:`,
      "",
      `  ${link}`,
      "",
      "If you did not ask, you can ignore this e-mail: nobody but you receives this link.",
      `Questions? Call us at ${business.phone} (${business.hours}).`,
      "",
      business.name,
    ].join("\n"),
  };
}

/** What was done with a person's data, as the owner reads it: "someone <words> pat@example.com". */
export const DATA_ACTIONS = {
  link: "asked for a link to the data kept about",
  access: "opened the data kept about",
  delete: "deleted the data kept about",
} as const;

/** What a deletion leaves the office to do. */
export const OFFICE_COPIES =
  "Please delete the copies of their e-mails in the office mailbox too, except what the law requires you to keep.";

/** The owner's notice of what was done with a link to someone's data: seen, or deleted. */
export function dataRequestNotice(
  to: string,
  action: "access" | "delete",
  mailbox: string,
  summary: string,
): MailMessage {
  const what = DATA_ACTIONS[action];
  return {
    to,
    subject: `Privacy: someone ${what} ${mailbox}`,
    text: [
      `Through the link e-mailed to ${mailbox}, someone ${what} that address on the website.`,
      "",
      summary,
      "",
      action === "delete" ? OFFICE_COPIES : "Nothing needs doing.",
    ].join("\n"),
  };
}
