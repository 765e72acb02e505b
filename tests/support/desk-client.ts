/**
 * The owner's desk as a test drives it over HTTP: a request from the desk's own page (its Origin
 * and the session's cookie), the sign-in by the link read from the office's mailbox, and the two
 * engines a desk server runs on (PGlite in its data folder, or a real PostgreSQL server).
 */
import { randomUUID } from "node:crypto";
import { postJson, send } from "./function-server";
import { bookingRequest, SHORT_JOB } from "./sample-requests";
import { bodyText, waitFor, type Mailbox } from "./mailbox";
import { startPostgres } from "./postgres-server";
import { settingsEnv } from "../../src/lib/server/runtime/settings";

/** Every test signs in as the office's mailbox from loopback: the caps on sign-in links are raised (desk-sign-in.test.ts tries them). */
export const DESK_CAPS = { deskLinksPerMailboxPerHour: 1000, deskLinksPerClientPerHour: 1000 };
export const DESK_SECRETS = {
  BOOKING_LINK_SECRET: "desk-test-secret-desk-test-secret",
  RATE_LIMIT_MAX: "100000",
  ...settingsEnv(DESK_CAPS),
};
export const OFFICE = "office@severnridgeinspections.com";

/** A desk request from the desk's own page: its Origin, and the session's cookie when there is one. */
export function desk(
  url: string,
  action: string,
  body: unknown,
  cookie?: string,
  origin: string | null = url,
  headers: Record<string, string> = {},
) {
  return send(`${url}/api/desk/${action}`, {
    body: JSON.stringify(body),
    contentType: "application/json",
    headers: { ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}), ...headers },
  });
}

export const deskGet = (url: string, path: string, cookie?: string) =>
  send(`${url}/api/desk/${path}`, { method: "GET", headers: cookie ? { cookie } : {} });

export const mailsTo = (mailbox: Mailbox, to: string, subject: RegExp) =>
  mailbox.messages.filter((mail) => mail.to.includes(to) && subject.test(bodyText(mail.raw)));

/** Asks for a link, reads it from the office's mailbox, and signs in: the session's cookie. */
export async function signIn(url: string, mailbox: Mailbox): Promise<string> {
  const before = mailsTo(mailbox, OFFICE, /desk\?signin=/).length;
  if ((await desk(url, "link", { email: OFFICE })).status !== 200) throw new Error("The desk refused to send a link");
  await waitFor("the sign-in link", () => mailsTo(mailbox, OFFICE, /desk\?signin=/).length > before);
  const token = /desk\?signin=([A-Za-z0-9_-]+)/.exec(
    bodyText(mailsTo(mailbox, OFFICE, /desk\?signin=/).at(-1)!.raw),
  )![1]!;
  const answer = await desk(url, "sign-in", { token });
  if (answer.status !== 200) throw new Error(`Signing in answered ${answer.status}: ${answer.body}`);
  return String(answer.headers["set-cookie"]).split(";")[0]!;
}

/** The engines a desk server is started on: what its environment adds, and how to stop it. */
export const deskEngines: Array<[string, () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>]> = [
  ["PGlite", async () => ({ env: {}, stop: async () => undefined })],
  [
    "PostgreSQL",
    async () => {
      const postgres = await startPostgres();
      return { env: { DATABASE_URL: postgres.url }, stop: () => postgres.stop() };
    },
  ],
];

/**
 * Visitors who each book from an address, phone and property of their own (so no limit on holds
 * refuses them), named `<name><n>@example.com`: `book` posts the site's schedule form.
 */
export function visitors(name: string) {
  let count = 0;
  const request = (start: string, overrides: Record<string, unknown> = {}) => {
    count += 1;
    return bookingRequest(start, {
      ...SHORT_JOB,
      email: `${name}${count}@example.com`,
      phone: `(410) 555-${String(count).padStart(4, "0")}`,
      street: `${count} ${name} Street`,
      agentName: "",
      agentEmail: "",
      ...overrides,
    });
  };
  return {
    request,
    /** `overrides` change the form's fields: an agent who books, another e-mail address. */
    book: (url: string, start: string, overrides: Record<string, unknown> = {}) =>
      postJson(`${url}/api/schedule`, request(start, overrides), `127.0.${80 + (count >> 8)}.${count & 255}`, {
        "Idempotency-Key": randomUUID(),
      }),
    /** The e-mail address of the visitor who booked last. */
    lastEmail: () => `${name}${count}@example.com`,
  };
}
