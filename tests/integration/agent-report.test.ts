/**
 * The report reaches the client's agent only with the client's consent, against the built site under
 * the production server with a real SMTP server: an agent copied on the booking's e-mails gets no
 * report, and no link of theirs opens it, until the client says so, at booking or on the booking's
 * page (from the client's own link: an agent's manage link cannot say it); taken back, the agent's
 * link stops opening it.
 */
import { bookingToken } from "../../src/features/booking/server/booking-links";
import { AGENT_REPORT, BOOKED_BY_AGENT, COPY_AGENT } from "../../src/lib/forms/choices";
import { storedMail } from "../../src/lib/server/mail/deliveries";
import type { ManagedBooking } from "../../src/features/booking/shared/managed-booking";
import { withDatabase } from "../../src/serve/database-access";
import { desk, DESK_SECRETS, mailsTo, signIn, visitors } from "../support/desk-client";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { moveVisitStart } from "../support/stored-booking";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x20), Buffer.from("\n%%EOF\n")]);
const DAY_MS = 24 * 60 * 60 * 1000;

let mailbox: Mailbox;
let server: FunctionServer;
let starts: string[];
let cookie: string;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS });
  starts = await openStartsOf(server.url, SHORT_JOB);
  cookie = await signIn(server.url, mailbox);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

const { book, lastEmail } = visitors("consent");
const env = () => ({ ...process.env, DATA_DIR: server.dataDir, ...DESK_SECRETS });
let visits = 0;
let agents = 0;

/** A booking naming an agent, confirmed; the client's e-mail, the agent's address, and the client's own page link. */
async function bookWithAgent(overrides: Record<string, unknown> = {}) {
  agents += 1;
  const agent = `agent${agents}@example.com`;
  const booked = await book(server.url, starts.shift()!, {
    name: "Casey Client",
    agentName: "Avery Agent",
    agentEmail: agent,
    copyAgent: COPY_AGENT,
    ...overrides,
  });
  expect(booked.status).toBe(201);
  const { reference } = JSON.parse(booked.body) as { reference: string };
  expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
  const confirmation = await withDatabase((db) => storedMail(db, reference, "confirmation"), env());
  const clientToken = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(confirmation!.text)![1]!;
  return { reference, client: lastEmail(), agent, clientToken };
}

/** The visit begun five minutes ago (each a day further back), and its report uploaded from the desk. */
async function uploadReport(reference: string) {
  await withDatabase(
    (db) => moveVisitStart(db, reference, new Date(Date.now() - 5 * 60_000 - visits++ * DAY_MS)),
    env(),
  );
  const link = await desk(server.url, "report-upload-link", { reference }, cookie);
  const { key, url } = JSON.parse(link.body) as { key: string; url: string };
  const put = await fetch(url.startsWith("/") ? `${server.url}${url}` : url, {
    method: "PUT",
    body: new Uint8Array(PDF),
    headers: { "Content-Type": "application/pdf" },
  });
  expect(put.status).toBe(200);
  expect((await desk(server.url, "report-attach", { reference, key }, cookie)).status).toBe(200);
}

/** Who the report's e-mails of a booking were stored for: they are stored with the upload, in its transaction. */
const reportMailsTo = (reference: string) =>
  withDatabase(
    (db) =>
      db.query<{ to: string }>(
        `SELECT d.mail->>'to' AS to FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
         WHERE r.kind = 'booking-changes' AND r.record->>'booking' = $1 AND d.mail->>'subject' LIKE 'Your inspection report is ready%'`,
        [reference],
      ),
    env(),
  ).then((rows) => rows.map((row) => row.to).sort());

/** The report page as the agent's link (one the agent was sent, or would be) opens it. */
const agentPage = (reference: string) =>
  send(
    `${server.url}/api/report?token=${bookingToken(DESK_SECRETS.BOOKING_LINK_SECRET, reference, Date.now() + DAY_MS, "report-agent")}`,
    { method: "GET" },
  );

const bookingPage = async (token: string) =>
  JSON.parse(
    (await send(`${server.url}/api/booking?token=${encodeURIComponent(token)}`, { method: "GET" })).body,
  ) as ManagedBooking;

it("sends an agent copied on the booking's e-mails no report, and opens the agent no report, without the client's consent", async () => {
  const { reference, client, agent } = await bookWithAgent();
  await uploadReport(reference);
  expect(await reportMailsTo(reference)).toEqual([client]);
  const refused = await agentPage(reference);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatch(/The client has not asked us to share this report with you/);
  // The client's report e-mail arrived; the agent had only the booking's e-mails about the time.
  await waitFor("the client's report e-mail", () => mailsTo(mailbox, client, /\/report\?token=/).length > 0);
  expect(mailsTo(mailbox, agent, /\/report\?token=/)).toEqual([]);
});

it("sends the agent the report's e-mail and a link that opens it when the client said so at booking", async () => {
  const { reference, client, agent } = await bookWithAgent({ agentReport: AGENT_REPORT });
  await uploadReport(reference);
  expect(await reportMailsTo(reference)).toEqual([agent, client].sort());
  await waitFor("the agent's report e-mail", () => mailsTo(mailbox, agent, /\/report\?token=/).length > 0);
  const link = /\/report\?token=([A-Za-z0-9._-]+)/.exec(
    bodyText(mailsTo(mailbox, agent, /\/report\?token=/)[0]!.raw),
  )![1]!;
  const opened = await send(`${server.url}/api/report?token=${link}`, { method: "GET" });
  expect(opened.status).toBe(200);
  expect(JSON.parse(opened.body)).toMatchObject({ reference, who: "agent" });
});

it("takes the client's consent on their own page, never from an agent's link, and its withdrawal closes the agent's link", async () => {
  const { reference, client, agent, clientToken } = await bookWithAgent({
    bookedByAgent: BOOKED_BY_AGENT,
    copyAgent: "",
    agentPhone: "(410) 555-0190",
  });
  // The agent who booked has a manage link of their own: it shows the booking, but cannot say yes for the client.
  const agentConfirmation = await withDatabase((db) => storedMail(db, reference, "agentConfirmation"), env());
  const agentToken = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(agentConfirmation!.text)![1]!;
  expect(await bookingPage(agentToken)).toMatchObject({ client: false, agentReport: null, signPath: null });
  const byAgent = await postJson(`${server.url}/api/booking`, {
    token: agentToken,
    action: "agent-report",
    consent: true,
  });
  expect(byAgent.status).toBe(403);

  // The client's own page asks, then keeps the answer with the booking.
  expect(await bookingPage(clientToken)).toMatchObject({
    client: true,
    signPath: expect.stringMatching(/^\/agreement\?token=/),
    agentReport: { agent, consentedAt: null, reportDelivered: null },
  });
  const given = await postJson(`${server.url}/api/booking`, {
    token: clientToken,
    action: "agent-report",
    consent: true,
  });
  expect(given.status).toBe(200);
  expect((JSON.parse(given.body) as ManagedBooking).agentReport?.consentedAt).toMatch(/\d{4}/);
  await uploadReport(reference);
  expect(await reportMailsTo(reference)).toEqual([agent, client].sort());
  expect((await agentPage(reference)).status).toBe(200);

  // Taken back: the agent's link no longer opens the report.
  const taken = await postJson(`${server.url}/api/booking`, {
    token: clientToken,
    action: "agent-report",
    consent: false,
  });
  expect(taken.status).toBe(200);
  expect((JSON.parse(taken.body) as ManagedBooking).agentReport?.consentedAt).toBeNull();
  expect((await agentPage(reference)).status).toBe(403);
});
