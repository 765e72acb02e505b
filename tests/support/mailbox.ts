/** A real SMTP server on loopback that keeps every message it accepts. */
import { SMTPServer } from "smtp-server";
import { freePort } from "./function-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  stop: () => Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A message's text with quoted-printable soft line breaks and escapes undone. */
export function bodyText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
