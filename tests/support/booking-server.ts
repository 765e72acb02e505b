/**
 * The server of a test that books through the site: the built site under the production server
 * with SMTP to a mailbox of the test's own, and open start times handed out once each.
 */
import { startFunctionServer, type FunctionServer } from "./function-server";
import { startMailbox, type Mailbox } from "./mailbox";
import { SHORT_JOB } from "./sample-requests";
import { startDispenser } from "./start-dispenser";

export interface BookingServer {
  mailbox: Mailbox;
  server: FunctionServer;
  nextStart: () => string;
}

export async function startBookingServer(env: Record<string, string>): Promise<BookingServer> {
  const mailbox = await startMailbox();
  const server = await startFunctionServer({ SMTP_URL: mailbox.url, RATE_LIMIT_MAX: "10000", ...env });
  // A radon test alone: 20 minutes on site and a 30-minute buffer, an hour of an inspector's time.
  const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
  return { mailbox, server, nextStart };
}

/**
 * A booking server started before a test file's tests and stopped after them. Its parts are
 * read through the object it returns once the tests run (a test that restarts the server puts
 * the new one there).
 */
export function bookingServerForTests(env: Record<string, string>): BookingServer {
  const held = {} as BookingServer;
  beforeAll(async () => {
    Object.assign(held, await startBookingServer(env));
  });
  afterAll(async () => {
    await held.server?.stop();
    await held.mailbox?.stop();
  });
  return held;
}
