/**
 * The inspection agreement, against the built site under the production server: the client signs
 * from the link in their confirmation; the database keeps the exact text, name, time, address and
 * browser; both PDFs, read back with pdf.js (a reader nobody here wrote), and the
 * owner's feed agree on the name, the time and the version; a repeat signs nothing more; forged,
 * expired, other bookings' and the agent's links sign nothing.
 */
import { createHash, randomUUID } from "node:crypto";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { getJson, startDispenser } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { storeReminders } from "../../netlify/functions/retry-deliveries.mjs";
import { bookingToken } from "../../src/features/booking/server/booking-links";
import { schedulerToken } from "../../src/lib/server/http/scheduler-token";
import { storedMail } from "../../src/lib/server/mail/deliveries";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import type { MailMessage } from "../../src/lib/server/mail/mailer";
import { pdfPages, pdfText } from "../support/pdf-text";

const SECRETS = { BOOKING_LINK_SECRET: "a-test-secret-for-agreement-links", CALENDAR_FEED_SECRET: "owner-feed-secret" };
const BROWSER = "Mozilla/5.0 (agreement test)";

let server: FunctionServer;
let nextStart: () => string;
beforeAll(async () => {
  server = await startFunctionServer({ RATE_LIMIT_MAX: "10000", ...SECRETS });
  nextStart = await startDispenser(server.url, SHORT_JOB, 60);
});
afterAll(async () => {
  await server?.stop();
});

const env = () => ({ ...process.env, DATA_DIR: server.dataDir });
const mailOf = (reference: string, message: string) =>
  withDatabase((db) => storedMail(db, reference, message), env()) as Promise<(MailMessage & { from: string }) | null>;
const rows = <T>(sql: string, params: unknown[]) => withDatabase((db) => db.query(sql, params), env()) as Promise<T[]>;

let visitor = 0;
/** The booking's reference, and the signing page the confirmation page links to (none when an agent booked). */
const pageLinks = new Map<string, string | undefined>();
async function book(overrides: Record<string, unknown> = {}): Promise<string> {
  visitor += 1;
  const answer = await postJson(
    `${server.url}/api/schedule`,
    bookingRequest(nextStart(), {
      ...SHORT_JOB,
      name: `Dana Client ${visitor}`,
      email: `dana${visitor}@example.com`,
      phone: `(410) 555-${String(3000 + visitor)}`,
      street: `${visitor} Agreement Lane`,
      ...overrides,
    }),
    `127.0.60.${visitor}`,
    { "Idempotency-Key": randomUUID() },
  );
  expect(answer.status).toBe(201);
  const { reference, booking } = JSON.parse(answer.body) as { reference: string; booking: { agreementPath?: string } };
  pageLinks.set(reference, booking.agreementPath);
  return reference;
}

/** The token of the link to `page` in a kept e-mail, or null. */
const tokenIn = (text: string, page: "agreement" | "booking") =>
  new RegExp(`https?://\\S+/${page}\\?token=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? null;

const signAs = (token: string, body: Record<string, unknown>, from = "127.0.61.1") =>
  send(`${server.url}/api/agreement`, {
    body: JSON.stringify({ token, ...body }),
    contentType: "application/json",
    from,
    headers: { "User-Agent": BROWSER },
  });

describe("signing the agreement from the client's link", () => {
  it("signs once, keeps the exact text, mails both PDFs once, tells the agent only that it is signed, and the feed agrees", async () => {
    const reference = await book({
      name: "Dana Q. Client",
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bea Agent",
      agentEmail: "bea@example.com",
      agentPhone: "(410) 555-0112",
    });
    const confirmation = (await mailOf(reference, "confirmation"))!;
    const agentCopy = (await mailOf(reference, "agentConfirmation"))!;
    const token = tokenIn(confirmation.text, "agreement");
    expect(token).not.toBeNull();
    // The agent's copy carries no signing link, and its manage link cannot sign.
    expect(tokenIn(agentCopy.text, "agreement")).toBeNull();
    // The confirmation page answers whoever filled in the form: here the agent, so no signing link.
    expect(pageLinks.get(reference)).toBeUndefined();
    const agentManage = tokenIn(agentCopy.text, "booking")!;
    const refused = await signAs(agentManage, { name: "Bea Agent", consent: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/cannot sign/);

    const read = await getJson(`${server.url}/api/agreement?token=${token}`);
    expect(read.status).toBe(200);
    const view = read.body as { text: string; version: string; signed: null; when: string };
    expect(view.signed).toBeNull();
    expect(view.version).toMatch(/^[0-9a-f]{12}$/);
    expect(view.text).toContain("Dana Q. Client");
    expect(view.text).toContain(`${visitor} Agreement Lane`);
    expect(view.text).toContain("Radon test");
    expect(view.text).not.toMatch(/\{\{/);

    // Each field missing is named; nothing is stored.
    const empty = await signAs(token!, { name: " ", consent: false });
    expect(empty.status).toBe(400);
    const fields = (JSON.parse(empty.body) as { fields: Record<string, string> }).fields;
    expect(fields.name).toMatch(/^Full name/);
    expect(fields.consent).toMatch(/^Consent/);
    expect(await rows("SELECT 1 FROM agreements WHERE booking = $1", [reference])).toHaveLength(0);

    // Two tries at once (a double click, a retry): both answered alike, one signature stored.
    const [signed, twin] = await Promise.all([
      signAs(token!, { name: "Dana Q. Client", consent: true }),
      signAs(token!, { name: "Dana Q. Client", consent: true }),
    ]);
    expect(signed.status).toBe(200);
    expect(twin.status).toBe(200);
    expect(JSON.parse(twin.body)).toEqual(JSON.parse(signed.body));
    const answer = JSON.parse(signed.body) as {
      signed: { name: string; signedAt: string; signedAtText: string; version: string };
    };
    expect(answer.signed.name).toBe("Dana Q. Client");
    expect(answer.signed.version).toBe(view.version);
    // The time is read as Maryland's clock showed it then, whatever the server's zone.
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      day: "numeric",
      hour: "numeric",
      hour12: true,
    }).formatToParts(new Date(answer.signed.signedAt));
    const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
    expect(answer.signed.signedAtText).toMatch(
      new RegExp(
        ` ${part("day")}, \\d{4}, ${part("hour")}(:\\d\\d)? ${part("dayPeriod").toLowerCase()} \\(Maryland time\\)$`,
      ),
    );
    // A repeat, even with another name, gets the first answer and signs nothing more.
    const again = await signAs(token!, { name: "Someone Else", consent: true });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(signed.body));

    const [row] = await rows<{
      body: string;
      body_sha256: string;
      signer_name: string;
      signed_at: Date;
      version: string;
      client_address: string;
      user_agent: string;
    }>("SELECT * FROM agreements WHERE booking = $1", [reference]);
    expect(row!.body).toBe(view.text);
    expect(row!.body_sha256).toBe(createHash("sha256").update(view.text).digest("hex"));
    expect(row!.signer_name).toBe("Dana Q. Client");
    expect(new Date(row!.signed_at).toISOString()).toBe(answer.signed.signedAt);
    expect(row!.client_address).toBe("127.0.61.1");
    expect(row!.user_agent).toBe(BROWSER);
    // A signed agreement never changes.
    await expect(
      withDatabase((db) => db.query("UPDATE agreements SET signer_name = 'x' WHERE booking = $1", [reference]), env()),
    ).rejects.toThrow(/never changed/);

    const messages = await rows<{ message: string }>(
      "SELECT message FROM deliveries WHERE reference = $1 AND message LIKE 'agreement-%' ORDER BY message",
      [reference],
    );
    expect(messages.map((entry) => entry.message.replace(/^agreement-[0-9a-f]+-/, ""))).toEqual([
      "agent",
      "business",
      "client",
    ]);
    const copies = await Promise.all(messages.map((entry) => mailOf(reference, entry.message)));
    const [agentMail, businessMail, clientMail] = copies as Array<MailMessage & { from: string }>;
    expect(agentMail!.attachments).toBeUndefined();
    expect(agentMail!.text).toMatch(/has signed/);
    expect(agentMail!.text).not.toContain("Dana Q. Client");
    expect(clientMail!.to).toBe(`dana${visitor}@example.com`);
    for (const mail of [clientMail!, businessMail!]) {
      const [pdf] = mail.attachments!;
      expect(pdf!.contentType).toBe("application/pdf");
      const text = pdfText(pdf!.base64);
      expect(text).toContain("Signed electronically by Dana Q. Client");
      expect(text).toContain(answer.signed.signedAt);
      expect(text).toContain(`agreement version ${view.version}`);
      expect(text).toContain(row!.body_sha256);
      expect(text).toContain(`${visitor} Agreement Lane`);
      // Its first page opens with the visit, as the booking has it.
      const [first] = pdfPages([pdf!.base64])[0]!;
      expect(first).toContain(`Inspection: ${view.when} (Maryland time)`);
      expect(first).toMatch(new RegExp(`Property: ${visitor} Agreement Lane, .*, MD \\d{5}`));
      expect(first).toContain("Client: Dana Q. Client");
      expect(first).toContain(`Booking: ${reference}`);
    }

    const feed = await getJson(`${server.url}/api/calendar/${SECRETS.CALENDAR_FEED_SECRET}.ics`);
    const unfolded = feed.text.replace(/\r\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1");
    expect(unfolded).toContain(
      `Agreement signed by Dana Q. Client on ${answer.signed.signedAtText} [${answer.signed.signedAt}], version ${view.version}.`,
    );
  });

  it("asks a signer of another name whether they sign for the client, and says so wherever the signature shows", async () => {
    const reference = await book({ name: "Casey Otherbuyer" });
    const token = tokenIn((await mailOf(reference, "confirmation"))!.text, "agreement")!;
    expect((await getJson(`${server.url}/api/agreement?token=${token}`)).body).toMatchObject({
      client: "Casey Otherbuyer",
    });
    // Not yet: the question first, and nothing stored.
    const asked = await signAs(token, { name: "Somebody Else", consent: true });
    expect(asked.status).toBe(409);
    expect(JSON.parse(asked.body)).toEqual({
      error: "This agreement is Casey Otherbuyer's. Signing for Casey Otherbuyer?",
      signingFor: "Casey Otherbuyer",
    });
    expect(await rows("SELECT 1 FROM agreements WHERE booking = $1", [reference])).toHaveLength(0);

    const signed = await signAs(token, { name: "Somebody Else", consent: true, forClient: true });
    expect(signed.status).toBe(200);
    const answer = JSON.parse(signed.body) as {
      signed: { name: string; by: string; signedAtText: string; signedAt: string };
    };
    expect(answer.signed).toMatchObject({ name: "Somebody Else", by: "for Casey Otherbuyer by Somebody Else" });
    const [businessMessage] = await rows<{ message: string }>(
      "SELECT message FROM deliveries WHERE reference = $1 AND message LIKE 'agreement-%-business'",
      [reference],
    );
    const businessMail = (await mailOf(reference, businessMessage!.message))!;
    expect(businessMail.text).toContain("Signed electronically for Casey Otherbuyer by Somebody Else");
    expect(pdfText(businessMail.attachments![0]!.base64)).toContain(
      "Signed electronically for Casey Otherbuyer by Somebody Else",
    );
    // The page's own copy: the same PDF, downloaded from the signing link.
    const download = await fetch(`${server.url}/api/agreement?token=${token}&pdf=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(Buffer.from(await download.arrayBuffer()).toString("base64"))).toContain(
      "Signed electronically for Casey Otherbuyer by Somebody Else",
    );
    const feed = await getJson(`${server.url}/api/calendar/${SECRETS.CALENDAR_FEED_SECRET}.ics`);
    const unfolded = feed.text.replace(/\r\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1");
    expect(unfolded).toContain(
      `Agreement signed for Casey Otherbuyer by Somebody Else on ${answer.signed.signedAtText}`,
    );
    // The booking's own page, opened from the manage link, says so too.
    const manage = tokenIn((await mailOf(reference, "confirmation"))!.text, "booking")!;
    expect((await getJson(`${server.url}/api/booking?token=${manage}`)).body).toMatchObject({
      agreement: { by: "for Casey Otherbuyer by Somebody Else", signedAtText: answer.signed.signedAtText },
    });
  });

  it("has no signed copy to download before it is signed", async () => {
    const reference = await book();
    const token = tokenIn((await mailOf(reference, "confirmation"))!.text, "agreement")!;
    expect((await getJson(`${server.url}/api/agreement?token=${token}&pdf=1`)).status).toBe(404);
  });

  it("answers a forged link 403, an expired one 410, and another booking's manage link 403, signing nothing", async () => {
    const reference = await book();
    const token = tokenIn((await mailOf(reference, "confirmation"))!.text, "agreement")!;
    const manage = tokenIn((await mailOf(reference, "confirmation"))!.text, "booking")!;
    // The client who booked is given the same signing link on the confirmation page.
    expect(pageLinks.get(reference)).toBe(`/agreement?token=${token}`);
    const forged = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const expired = bookingToken(SECRETS.BOOKING_LINK_SECRET, reference, Date.now() - 1000, "sign");
    const otherSecret = bookingToken("not-our-own-link-secret", reference, Date.now() + 86_400_000, "sign");
    for (const [bad, status] of [
      [forged, 403],
      [otherSecret, 403],
      [manage, 403],
      [expired, 410],
    ] as const) {
      const get = await getJson(`${server.url}/api/agreement?token=${bad}`);
      expect(get.status).toBe(status);
      const post = await signAs(bad, { name: "Mallory", consent: true });
      expect(post.status).toBe(status);
      expect(post.body).toMatch(status === 410 ? /expired/ : /cannot sign/);
    }
    expect(await rows("SELECT 1 FROM agreements WHERE booking = $1", [reference])).toHaveLength(0);
  });
});

describe("the reminders pass of the Netlify scheduled function", () => {
  it("is answered only with the scheduler's own token, and stores the reminders due", async () => {
    const call = (method: string, token?: string) =>
      send(`${server.url}/api/reminders`, {
        method,
        body: "{}",
        contentType: "application/json",
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    expect((await call("POST")).status).toBe(404);
    expect((await call("POST", schedulerToken("not-our-own-link-secret", Date.now()))).status).toBe(404);
    const own = schedulerToken(SECRETS.BOOKING_LINK_SECRET, Date.now());
    expect((await call("PUT", own)).status).toBe(404);
    const answer = await call("POST", own);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ sent: expect.any(Number) });
    // The scheduled function itself, as Netlify runs it with its URL and the secret.
    expect(await storeReminders({ URL: server.url, BOOKING_LINK_SECRET: SECRETS.BOOKING_LINK_SECRET })).toEqual(
      expect.any(Number),
    );
    expect(await storeReminders({ URL: server.url, BOOKING_LINK_SECRET: "another-secret-of-another-site" })).toBeNull();
  });
});
