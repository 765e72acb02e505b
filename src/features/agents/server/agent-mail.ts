/**
 * An agent's e-mails of signing in: the link, and the notice of each sign-in with the link that
 * ends that session alone. Both go to the agent's address as the booking stores it; each is
 * stored as the desk's records of signing in are (desk-mail.ts), and so kept as long.
 */
import { business } from "../../../lib/content/business-data";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { marylandText } from "../../desk/server";

export function agentLinkMail(to: string, link: string, minutes: number, now: number): MailMessage {
  return {
    to,
    subject: `Your sign-in link to your clients' inspections with ${business.name}`,
    text: [
      "Hello,",
      "",
      `Someone asked on ${marylandText(now)} to sign in with this address to the page of the inspections your clients booked with us. Open the link below and press "Sign in": it signs in once, within ${minutes} minutes.`,
      "",
      `  ${link}`,
      "",
      "If it was not you, ignore this e-mail: nothing happens without the link.",
      "",
      business.name,
    ].join("\n"),
  };
}

export function agentSignInNoticeMail(to: string, from: string, endLink: string, now: number): MailMessage {
  return {
    to,
    subject: `You signed in to your clients' inspections with ${business.name}`,
    text: [
      `This address signed in to the page of your clients' inspections on ${marylandText(now)}, from the network address ${from}.`,
      "",
      "If that was not you, end that session, and only that one, on this page:",
      "",
      `  ${endLink}`,
      "",
      business.name,
    ].join("\n"),
  };
}
