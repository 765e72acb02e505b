/** A real SMTP server on loopback that keeps every message it accepts. */
import { createServer, type AddressInfo, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** Every recipient a client asked for, in order, whether accepted or refused. */
  recipientsAsked: string[];
  /** Answers, accepting them, the messages `holdAnswer` kept waiting. */
  answerHeld: () => void;
  stop: () => Promise<void>;
}

/**
 * `port` lets a test bring a mail server back where the site expects it; `refuse` makes it answer
 * every recipient with a temporary failure (451), as a mail server does when it is overloaded;
 * `refuseRecipient` answers the recipients it names with the code it gives (553: no such mailbox);
 * `holdAnswer` keeps the messages it names (by their recipients) whole in `messages` but leaves
 * the sender waiting for the answer to them until `answerHeld`, as a mail server that has taken a
 * message and is slow to say so.
 */
export async function startMailbox({
  port: chosen,
  refuse = false,
  refuseRecipient = () => undefined,
  holdAnswer = () => false,
}: {
  port?: number;
  refuse?: boolean;
  refuseRecipient?: (address: string) => number | undefined;
  holdAnswer?: (recipients: string[]) => boolean;
} = {}): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const recipientsAsked: string[] = [];
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientsAsked.push(address.address);
      const code = refuse ? 451 : refuseRecipient(address.address);
      if (!code) return callback();
      const error = new Error(code >= 500 ? "No such mailbox here" : "Try again later") as Error & {
        responseCode: number;
      };
      error.responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        messages.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to, raw });
        if (holdAnswer(to)) held.push(() => callback());
        else callback();
      });
    },
  });
  // A client killed mid-conversation (the site's server stopped at the end of a test) resets its
  // connection; that is not the mail server failing.
  server.on("error", () => undefined);
  // Port 0 unless chosen: the port is taken as the server listens, so nothing can take it first.
  await new Promise<void>((resolve) => server.listen(chosen ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipientsAsked,
    answerHeld: () => held.splice(0).forEach((answer) => answer()),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word: an SMTP server that hangs. */
export async function startSilentServer(port: number): Promise<{ stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` holds, asking again every 250 ms; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A message's text with quoted-printable soft line breaks and escapes undone. */
export function bodyText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
