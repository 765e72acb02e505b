/**
 * Every hold ends, against the built site and a real SMTP server: a booking whose confirmation is only ever
 * refused "for now" (451) stops holding its time at its end, and the sweep expires it, gives the confirmation up
 * and tells the business, once; a client who had the e-mail and did not confirm is expired without a word. The
 * hold's end is moved into the past in the database rather than waited for.
 */
import { randomUUID } from "node:crypto";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { startDispenser } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { readSiteContent } from "../../src/build-time/content-files";
import { deliveryStates } from "../../src/lib/server/mail/deliveries";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";

const site = readSiteContent();
const STUCK = "stuck.client@example.com";

let mailbox: Mailbox;
let server: FunctionServer;
let nextStart: () => string;
beforeAll(async () => {
  // The stuck client's mailbox is always "full for now"; every other one takes mail.
  mailbox = await startMailbox({ refuseRecipient: (address) => (address === STUCK ? 452 : undefined) });
  server = await startFunctionServer({
    SMTP_URL: mailbox.url,
    RATE_LIMIT_MAX: "1000",
    ...settingsEnv({ firstRetryMs: 100, retryMaxMs: 200, deliveryPassMs: 200 }),
  });
  nextStart = await startDispenser(server.url, SHORT_JOB, 60);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

const env = () => ({ ...process.env, DATA_DIR: server.dataDir });
const query = <T>(sql: string, params: unknown[]) => withDatabase((db) => db.query(sql, params), env()) as Promise<T[]>;
const statusOf = async (reference: string) =>
  (await query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [reference]))[0]?.status;
const releasedNotices = (reference: string) =>
  mailbox.messages.filter(
    (message) => message.to.includes(site.email) && bodyText(message.raw).includes(`Booking ${reference} released`),
  );

async function book(email: string): Promise<string> {
  const answer = await postJson(
    `${server.url}/api/schedule`,
    bookingRequest(nextStart(), { ...SHORT_JOB, name: "Hal Holder", email }),
    undefined,
    { "Idempotency-Key": randomUUID() },
  );
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.body) as { reference: string }).reference;
}

/** Moves a hold's end into the past, as if its window had run out. */
const lapse = (reference: string) =>
  query("UPDATE bookings SET confirm_by = now() - interval '1 second' WHERE reference = $1", [reference]);

it("ends a hold whose confirmation never left: the time is freed, the confirmation given up, the business told once", async () => {
  const reference = await book(STUCK);
  const [hold] = await query<{ confirm_by: Date }>("SELECT confirm_by FROM bookings WHERE reference = $1", [reference]);
  // Its end was set as it was made, though its confirmation has not been delivered.
  expect(hold!.confirm_by).not.toBeNull();
  await waitFor("a refused try of the confirmation", async () => {
    const states = await withDatabase((db) => deliveryStates(db, new Date().toISOString(), reference), env());
    return states.some((state) => state.message === "confirmation" && state.attempts > 1);
  });
  expect(await statusOf(reference)).toBe("pending");

  await lapse(reference);
  await waitFor("the sweep to end the hold", async () => (await statusOf(reference)) === "expired");
  const states = await withDatabase((db) => deliveryStates(db, new Date().toISOString(), reference), env());
  expect(states.find((state) => state.message === "confirmation")).toMatchObject({
    state: "failed",
    lastError: "given up: the hold ended before it could be delivered",
  });
  await waitFor("the business to be told", () => releasedNotices(reference).length > 0);
  const notice = bodyText(releasedNotices(reference)[0]!.raw);
  expect(notice).toContain("Name: Hal Holder");
  expect(notice).toContain(STUCK);
  // One notice is stored (a booking is expired once, whoever sweeps), and it was sent once.
  expect(
    await query("SELECT 1 FROM deliveries WHERE reference = $1 AND message = 'releasedUnheard'", [reference]),
  ).toHaveLength(1);
  expect(releasedNotices(reference)).toHaveLength(1);
});

it("ends the hold of a client who had the e-mail and did not confirm, without a word to the business", async () => {
  const reference = await book("slow.client@example.com");
  expect(mailbox.messages.some((message) => message.to.includes("slow.client@example.com"))).toBe(true);
  await lapse(reference);
  await waitFor("the sweep to end the hold", async () => (await statusOf(reference)) === "expired");
  expect(releasedNotices(reference)).toHaveLength(0);
});
