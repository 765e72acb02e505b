import nodemailer, { type Transporter } from "nodemailer";
import { processState } from "./runtime";
import { serverSettings } from "./settings";

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
    const { smtpConnectMs, smtpSocketMs } = serverSettings();
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: smtpConnectMs,
      greetingTimeout: smtpConnectMs,
      socketTimeout: smtpSocketMs,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one message over SMTP_URL (for example smtp://user:pass@smtp.example.com:587). */
export async function sendMail(smtpUrl: string, from: string, message: MailMessage): Promise<void> {
  await transportFor(smtpUrl).sendMail({ from, ...message });
}
