import { Readable } from "node:stream";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { encodeWord } from "nodemailer/lib/mime-funcs";
import { processState } from "../runtime/runtime";
import { serverSettings, type ServerSettings } from "../runtime/settings";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An iCalendar file (RFC 5545) sent as the message's calendar part, which mail programs offer to add. */
  calendar?: string;
  /** Files attached (the signed agreement's PDF), kept base64 in the stored e-mail. */
  attachments?: Array<{ filename: string; contentType: string; base64: string }>;
}

const transports = processState("smtp-transports", () => new Map<string, Transporter>());

/**
 * How many answers of the mail server one conversation waits for after its greeting, each within
 * `smtpSocketMs`: EHLO, STARTTLS and EHLO again, up to three for AUTH, MAIL FROM, RCPT TO, DATA,
 * and the answer to the message itself.
 */
const ANSWERS_AFTER_GREETING = 10;

/**
 * The longest one send can take under the timeouts below: the connection and the greeting within
 * `smtpConnectMs` each, then every answer within `smtpSocketMs`. The delivery claim's lease is
 * made from it (delivery.ts), so no setting can make a lease shorter than a send.
 */
export const longestSendMs = ({
  smtpConnectMs,
  smtpSocketMs,
}: Pick<ServerSettings, "smtpConnectMs" | "smtpSocketMs">) => 2 * smtpConnectMs + ANSWERS_AFTER_GREETING * smtpSocketMs;

/** What a send awaits once the mail server has said to go ahead with the message, before its first byte leaves. */
export type HandOver = () => Promise<void>;

/**
 * The message's bytes as they leave, held back until `handOver` has resolved. Nodemailer pipes the
 * message into the connection only once the server has answered DATA with 354, so the first read
 * here marks the moment the server could begin to take the message; if `handOver` fails, not a
 * byte leaves and the send fails.
 */
function afterHandOver(message: Readable, handOver: HandOver): Readable {
  return Readable.from(
    (async function* () {
      try {
        await handOver();
      } catch (error) {
        message.destroy();
        throw error;
      }
      yield* message;
    })(),
    { objectMode: false },
  );
}

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
    transport.use("stream", (mail, done) => {
      const { handOver } = mail.data as { handOver?: HandOver };
      if (handOver) mail.message.processFunc((message) => afterHandOver(message, handOver));
      done();
    });
    transports.set(url, transport);
  }
  return transport;
}

/**
 * A header value that a mail reader shows exactly as written. Nodemailer encodes text that needs
 * it but passes through anything that already is an RFC 2047 encoded word (`=?utf-8?Q?...?=`),
 * for callers that encode their own; a reader then decodes it, so a visitor's text in the Subject
 * (the town) could show there as a line break, a "Bcc:" line or a right-to-left override. Text
 * holding "=?" is therefore encoded whole here, and the reader's one decoding gives it back as
 * typed. Other text is left to nodemailer, so ordinary subjects stay readable in the raw message.
 */
export function literalHeaderText(value: string): string {
  return value.includes("=?") ? encodeWord(value, "Q", 52) : value;
}

/**
 * The method an invite names (invite.ts writes it), which its e-mail's calendar part repeats
 * (RFC 6047 2.4): a mail program offers to remove a CANCEL, to add or update a REQUEST. A file
 * naming none is PUBLISH, iCalendar's default for a plain event.
 */
export const calendarMethod = (file: string): string => /^METHOD:([A-Z-]+)\r?$/m.exec(file)?.[1] ?? "PUBLISH";

/** The message as nodemailer composes it: for sending, and for a mail program's copy (`rawMessage`). */
function composed(from: string, message: MailMessage): SendMailOptions {
  const { calendar, attachments, ...rest } = message;
  return {
    from,
    ...rest,
    ...(attachments
      ? {
          attachments: attachments.map(({ filename, contentType, base64 }) => ({
            filename,
            contentType,
            content: base64,
            encoding: "base64",
          })),
        }
      : {}),
    subject: literalHeaderText(message.subject),
    ...(calendar
      ? { icalEvent: { method: calendarMethod(calendar), filename: "inspection.ics", content: calendar } }
      : {}),
  };
}

/**
 * Sends one message over SMTP_URL (for example smtp://user:pass@smtp.example.com:587). `handOver`,
 * when given, runs once the mail server is ready to take the message and before any of it leaves.
 */
export async function sendMail(
  smtpUrl: string,
  from: string,
  message: MailMessage,
  handOver?: HandOver,
): Promise<void> {
  await transportFor(smtpUrl).sendMail({ ...(handOver ? { handOver } : {}), ...composed(from, message) });
}

/**
 * The whole message, RFC 5322 text with CRLF line ends, as the SMTP transport sends it: the same
 * composer with its Date and Message-ID, and every line end CRLF as the transport's DATA stream
 * makes them (`npm run mail -- N --save` writes it as a .eml file).
 */
export async function rawMessage(from: string, message: MailMessage): Promise<Buffer> {
  const built = await new MailComposer(composed(from, message)).compile().build();
  // "latin1" keeps every byte as it is: only the line ends change.
  return Buffer.from(built.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1");
}
