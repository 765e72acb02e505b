/**
 * How a stored e-mail is addressed and carried, the same for every request: from MAIL_FROM (or
 * the business), sent through SMTP_URL, or kept for the local mail view without it.
 */
import { business } from "../../content/business-data";
import type { OutgoingMail } from "./outbox";
import { runtimeEnv } from "../runtime/runtime";
import { mailboxOf } from "./mailbox-address";
import type { MailMessage } from "./mailer";

export function outgoingMail(env: NodeJS.ProcessEnv = runtimeEnv()) {
  const from = env.MAIL_FROM ?? `${business.name} <${business.email}>`;
  const transport = env.SMTP_URL ? "smtp" : "local";
  return (message: string, mail: MailMessage): OutgoingMail => ({
    message,
    mailbox: mailboxOf(mail.to),
    from,
    mail,
    transport,
  });
}
