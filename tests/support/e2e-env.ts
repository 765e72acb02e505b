import path from "node:path";
import { withDatabase } from "../../src/serve/database-access";
import { readStored } from "./stored-requests";
import { lastMailTo, storedMail } from "../../src/lib/server/mail/deliveries";

/** The site the browser tests use, served as in production. */
export const e2ePort = Number(process.env.E2E_PORT ?? 9123);
/** A second copy of the site whose database cannot be reached: its functions really fail. */
export const brokenPort = e2ePort + 1;
export const brokenSite = `http://127.0.0.1:${brokenPort}`;

/**
 * A third copy of the site that takes payment online, against Stripe's stand-in on the port after
 * it (tests/support/stripe-stub-server.ts): the payments tests use it, and every other test keeps
 * the site without payments.
 */
export const paymentsPort = e2ePort + 2;
export const paymentsSite = `http://127.0.0.1:${paymentsPort}`;
export const stripeStubPort = e2ePort + 3;
export const E2E_PAYMENTS_DATA = path.resolve(__dirname, "..", "..", ".data", "e2e-payments");

/** Where the browser tests' site keeps its data (the embedded database). */
export const E2E_DATA = path.resolve(__dirname, "..", "..", ".data", "e2e");

/**
 * Where a browser test's screenshots go unless its variable says otherwise: in the checkout
 * (ignored by git), which whoever runs the tests can write, unlike a fixed folder in /tmp that
 * another user made first.
 */
export const shotsDir = (name: string) => path.resolve(__dirname, "..", "..", "reports", "tmp", name);

/** The owner's calendar feed of the browser tests' site: /api/calendar/<this>.ics. */
export const E2E_FEED_SECRET = "e2e-owner-feed-secret";

/** The environment of a command reaching the browser tests' server's data. */
export const e2eEnv = () => ({ ...process.env, DATA_DIR: E2E_DATA });

export const readE2eOutbox = (kind: string) => readStored(kind, e2eEnv());

/**
 * The page a booking's confirmation e-mail links to, as kept for the local mail view (the browser
 * tests' site has no SMTP_URL): the link's path and query, to open on the test site. `page` is
 * "booking" (confirm, cancel, move) or "agreement" (the client's signing link).
 */
export async function linkInConfirmation(
  reference: string,
  page: "booking" | "agreement" = "booking",
): Promise<string> {
  const mail = await withDatabase((db) => storedMail(db, reference, "confirmation"), {
    ...process.env,
    DATA_DIR: E2E_DATA,
  });
  if (!mail) throw new Error(`No confirmation kept for ${reference}`);
  const link = new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9._-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`The confirmation of ${reference} has no ${page} link`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The page the latest link to what is kept about `mailbox` opens, as kept for the local mail view. */
export async function linkInDataMail(mailbox: string): Promise<string> {
  const mail = await withDatabase((db) => lastMailTo(db, mailbox, "dataLink"), { ...process.env, DATA_DIR: E2E_DATA });
  const link = mail && /https?:\/\/\S+\/privacy\/data\?token=[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link to the data of ${mailbox} is kept`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The report page's link in the latest e-mail of a booking's change to `mailbox` (the report's), as kept for the local mail view: its path and query. */
export async function linkInReportMail(mailbox: string): Promise<string> {
  const mail = await withDatabase((db) => lastMailTo(db, mailbox, "client"), { ...process.env, DATA_DIR: E2E_DATA });
  const link = mail && /https?:\/\/\S+\/report\?token=[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No report e-mail to ${mailbox} is kept`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
