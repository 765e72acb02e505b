import nodemailer, { type Transporter } from "nodemailer";
import { processState } from "./runtime";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

const transports = processState("smtp-transports", () => new Map<string, Transporter>());

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Fail fast when the SMTP server is unreachable: the visitor is waiting for an answer.
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one message over SMTP_URL (for example smtp://user:pass@smtp.example.com:587). */
export async function sendMail(smtpUrl: string, from: string, message: MailMessage): Promise<void> {
  await transportFor(smtpUrl).sendMail({ from, ...message });
}
