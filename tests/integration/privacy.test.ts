/**
 * A person's right to their data, against the built site with a real SMTP server: one person reads and deletes
 * their data through the e-mailed link, and only a booked inspection's record (with its date) and their
 * requests' record remain; without the link nothing is deleted; the owner is told of each look and deletion;
 * asks for a stranger's address, from however many addresses, send that mailbox at most the limit, each
 * answered with the same sentence.
 */
import { randomUUID } from "node:crypto";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { getJson, startDispenser } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";
import { bookingToken, purposeToken } from "../../src/features/booking/server/booking-links";
import { marylandToday } from "../../src/lib/maryland-time/maryland-today";
import { DEFAULT_SETTINGS } from "../../src/lib/server/runtime/settings";
import { mailboxOf } from "../../src/lib/server/mail/mailbox-address";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";

const SECRET = "a-test-secret-for-links";
const OFFICE = "office@example.com";
let mailbox: Mailbox;
let server: FunctionServer;
let nextStart: () => string;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startFunctionServer({
    SMTP_URL: mailbox.url,
    RATE_LIMIT_MAX: "10000",
    BOOKING_LINK_SECRET: SECRET,
    MAIL_TO: OFFICE,
  });
  nextStart = await startDispenser(server.url, SHORT_JOB, 60);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;
const db = <T>(work: Parameters<typeof withDatabase<T>>[0]) =>
  withDatabase(work, { ...process.env, DATA_DIR: server.dataDir });
const mailsTo = (address: string, subject?: RegExp) =>
  mailbox.messages.filter((message) => message.to[0] === address && (!subject || subject.test(bodyText(message.raw))));
/** The references of the requests that name `address` as the visitor's. */
const requestsOf = async (address: string) =>
  [...(await server.readOutbox("contact-messages")), ...(await server.readOutbox("schedule-requests"))]
    .filter((record) => {
      const fields = (record.request ?? record.message) as { email?: string } | undefined;
      return fields?.email === address;
    })
    .map((record) => record.reference)
    .sort();
const askForLink = (email: string, from = "127.0.0.1", key = randomUUID()) =>
  postJson(`${server.url}/api/privacy`, { email, website: "" }, from, { "Idempotency-Key": key });
const kept = (token: string) => getJson(`${server.url}/api/privacy-data?token=${encodeURIComponent(token)}`);
const remove = (body: unknown) => postJson(`${server.url}/api/privacy-data`, body);

describe("one person's data, through the link in the kept e-mail", () => {
  const person = "dana.person@example.com";
  const other = "olive.other@example.com";
  let references: { message: string; booked: string; pending: string; others: string };
  let link: string;

  beforeAll(async () => {
    const message = await postJson(`${server.url}/api/contact`, contactMessage({ email: person }), "127.0.1.1");
    const others = await postJson(`${server.url}/api/contact`, contactMessage({ email: other }), "127.0.1.2");
    const booking = (phone: string, street: string) =>
      postJson(
        `${server.url}/api/schedule`,
        bookingRequest(nextStart(), { ...SHORT_JOB, email: person, phone, street }),
        "127.0.1.3",
        { "Idempotency-Key": randomUUID() },
      );
    const booked = await booking("(410) 555-3101", "1 Data Lane");
    const pending = await booking("(410) 555-3102", "2 Data Lane");
    for (const answer of [message, others, booked, pending]) expect(answer.status).toBe(201);
    references = {
      message: json(message.body).reference as string,
      others: json(others.body).reference as string,
      booked: json(booked.body).reference as string,
      pending: json(pending.body).reference as string,
    };
    // The first booking is confirmed from its e-mail, as its visitor would; the second is left held.
    await waitFor("the booking's confirmation", () =>
      mailsTo(person).some((mail) => bodyText(mail.raw).includes(references.booked)),
    );
    const confirmation = bodyText(
      mailsTo(person).find((mail) => bodyText(mail.raw).includes(`(${references.booked})`))!.raw,
    );
    const token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(confirmation)![1]!;
    expect((await postJson(`${server.url}/api/booking`, { token, action: "confirm" })).status).toBe(200);
  });

  it("deletes nothing without the link: a forged, an expired and a booking's link are refused in words", async () => {
    const before = await requestsOf(person);
    expect(before).toEqual(
      Object.values(references)
        .filter((reference) => reference !== references.others)
        .sort(),
    );
    const forged = await remove({
      token: purposeToken("another-site-link-secret", "data-request", person, Date.now() + 60_000),
      action: "delete",
    });
    expect(forged).toMatchObject({ status: 403, body: "This link is not one of ours." });
    expect(await remove({ action: "delete" })).toMatchObject({ status: 403 });
    const bookingLink = bookingToken(SECRET, references.booked, Date.now() + 60_000);
    expect(await remove({ token: bookingLink, action: "delete" })).toMatchObject({ status: 403 });
    const expired = await remove({
      token: purposeToken(SECRET, "data-request", person, Date.now() - 1000),
      action: "delete",
    });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatch(/^This link has expired\. Ask for a new one at \/privacy/);
    expect((await kept("not-a-token")).status).toBe(403);
    expect(await requestsOf(person)).toEqual(before);
  });

  it("sends the link to that address only, and answers as it would for any address", async () => {
    const answer = await askForLink(person);
    expect(answer.status).toBe(202);
    const stranger = await askForLink("nobody.here@example.com", "127.0.1.9");
    expect(stranger.body).toBe(answer.body);
    await waitFor("the link", () => mailsTo(person, /\/privacy\/data\?token=/).length === 1);
    link = /\/privacy\/data\?token=([A-Za-z0-9._-]+)/.exec(
      bodyText(mailsTo(person, /\/privacy\/data\?token=/)[0]!.raw),
    )![1]!;
  });

  it("shows everything kept about the address, readable and whole, and tells the owner once", async () => {
    const first = await kept(link);
    expect(first.status).toBe(200);
    const data = first.body as {
      mailbox: string;
      items: Array<{
        reference: string;
        what: string;
        fields: Array<{ label: string; value: string }>;
        mails: unknown[];
        goesOn: string;
        keptBecause: string | null;
        record: unknown;
      }>;
    };
    expect(data.mailbox).toBe(person);
    const shown = data.items.map((item) => item.reference);
    expect(shown).toEqual(expect.arrayContaining([references.message, references.booked, references.pending]));
    expect(shown).not.toContain(references.others);
    const message = data.items.find((item) => item.reference === references.message)!;
    expect(message.fields).toEqual(
      expect.arrayContaining([
        { label: "E-mail address", value: person },
        { label: "Message", value: contactMessage().message },
      ]),
    );
    expect(message.mails.length).toBe(2);
    expect(message.record).toMatchObject({ message: { email: person } });
    expect(data.items.find((item) => item.reference === references.booked)!.keptBecause).toMatch(
      /A booked inspection still to come/,
    );
    expect((await kept(link)).status).toBe(200);
    await waitFor(
      "the owner's notice",
      () =>
        mailsTo(OFFICE, /e-mailed to dana\.person@example\.com, someone opened the data kept about that address/)
          .length === 1,
    );
    const notices = await db((database) =>
      database.query(
        "SELECT reference FROM requests WHERE kind = 'data-requests' AND record->>'action' = 'access' AND record->>'mailbox' = $1",
        [person],
      ),
    );
    expect(notices).toHaveLength(1);
  });

  it("deletes all of it but the booked inspection and the record of these requests, naming the date each goes", async () => {
    const answer = await remove({ token: link, action: "delete" });
    expect(answer.status).toBe(200);
    const result = json(answer.body) as {
      deleted: { requests: number };
      kept: Array<{ reference: string; goesOn: string }>;
    };
    expect(result.deleted.requests).toBe(2);
    const booking = result.kept.find((item) => item.reference === references.booked)!;
    // Three years after the visit, on the visit's date.
    const visit = (await server.readOutbox("schedule-requests")).find(
      (record) => record.reference === references.booked,
    )!;
    const start = (visit.request as { start: string }).start;
    const due = new Date(start);
    due.setUTCFullYear(due.getUTCFullYear() + 3);
    expect(booking.goesOn).toBe(marylandToday(due));
    expect(booking.goesOn.slice(5)).toBe(start.slice(5, 10));
    // Its confirmation from the link is a change of its own, kept with it as part of its record.
    const changesOfBooked = new Set(
      (
        await db((database) =>
          database.query<{ reference: string }>(
            "SELECT reference FROM requests WHERE kind = 'booking-changes' AND record->>'booking' = $1",
            [references.booked],
          ),
        )
      ).map((row) => row.reference),
    );
    expect(changesOfBooked.size).toBe(1);
    const keptWithIt = (reference: string) =>
      reference === references.booked || changesOfBooked.has(reference) || reference.startsWith("DR-");
    expect(result.kept.every((item) => keptWithIt(item.reference))).toBe(true);

    // What remains of this person: the booked inspection and its e-mails, and the record of the requests.
    expect(await requestsOf(person)).toEqual([references.booked]);
    const mailsKept = await db((database) =>
      database.query<{ reference: string }>("SELECT DISTINCT reference FROM deliveries WHERE mailbox = $1", [person]),
    );
    for (const { reference } of mailsKept) expect(keptWithIt(reference)).toBe(true);
    // Nobody else's data went with it.
    expect(await requestsOf(other)).toEqual([references.others]);
    await waitFor(
      "the owner's notice of the deletion",
      () =>
        mailsTo(OFFICE, /e-mailed to dana\.person@example\.com, someone deleted the data kept about that address/)
          .length === 1,
    );

    const after = (await kept(link)).body as { items: Array<{ reference: string; keptBecause: string | null }> };
    expect(after.items.every((item) => item.keptBecause !== null)).toBe(true);
    expect(after.items.map((item) => item.reference)).toContain(references.booked);
  });
});

describe("asks for a link", () => {
  const { dataLinksPerMailboxPerDay: perMailbox, dataLinksPerClientPerDay: perClient } = DEFAULT_SETTINGS;
  const linksTo = (address: string) =>
    db((database) =>
      database.query<{ state: string }>("SELECT state FROM deliveries WHERE message = 'dataLink' AND mailbox = $1", [
        address,
      ]),
    );

  it("50 for a stranger's address, from 50 addresses, send that mailbox at most the limit, each answered the same", async () => {
    const stranger = "stranger@example.com";
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        askForLink(index % 2 ? stranger : "Stranger+x@Example.com", `127.0.2.${index + 1}`),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    await waitFor("every link sent", async () => (await linksTo(stranger)).every((row) => row.state === "sent"));
    expect(await linksTo(stranger)).toHaveLength(perMailbox);
    // Every spelling of the address reaches one mailbox, and that mailbox received the limit, no more.
    const toStranger = () => mailbox.messages.filter((message) => mailboxOf(message.to[0]!) === stranger).length;
    await waitFor("the links delivered", () => toStranger() >= perMailbox);
    expect(toStranger()).toBe(perMailbox);
  });

  it("from one client address, send at most its daily number of links, whatever the addresses", async () => {
    const addresses = Array.from({ length: perClient + 5 }, (_, index) => `many${index}@example.com`);
    for (const address of addresses) expect((await askForLink(address, "127.0.3.1")).status).toBe(202);
    const sent = await Promise.all(addresses.map(async (address) => (await linksTo(address)).length));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(perClient);
  });

  it("sends one link for a repeat of one Idempotency-Key, and refuses a bad address in words", async () => {
    const key = randomUUID();
    const address = "repeat@example.com";
    const [one, two] = await Promise.all([
      askForLink(address, "127.0.4.1", key),
      askForLink(address, "127.0.4.1", key),
    ]);
    expect(two.body).toBe(one.body);
    expect(await linksTo(address)).toHaveLength(1);
    const bad = await postJson(`${server.url}/api/privacy`, { email: "not an address" }, "127.0.4.2");
    expect(bad.status).toBe(400);
    expect(json(bad.body)).toMatchObject({ fields: { email: "Enter an e-mail address such as you@example.com" } });
    expect((await send(`${server.url}/api/privacy`, { method: "GET" })).status).toBe(405);
  });
});

describe("a link asked for another spelling of an address", () => {
  it("opens and deletes that address's data only: ella+tag@ is not ella@, though the limits count them as one", async () => {
    const plain = "ella@example.com";
    const tagged = "ella+tag@example.com";
    const message = await postJson(`${server.url}/api/contact`, contactMessage({ email: plain }), "127.0.5.1");
    expect(message.status).toBe(201);
    expect((await askForLink(tagged, "127.0.5.2")).status).toBe(202);
    await waitFor("the link", () => mailsTo(tagged, /\/privacy\/data\?token=/).length === 1);
    const token = /\/privacy\/data\?token=([A-Za-z0-9._-]+)/.exec(
      bodyText(mailsTo(tagged, /\/privacy\/data\?token=/)[0]!.raw),
    )![1]!;
    const data = (await kept(token)).body as { mailbox: string; items: Array<{ reference: string }> };
    expect(data.mailbox).toBe(tagged);
    // Only the record of this ask is about the tagged address; the message is the other person's.
    expect(data.items.map((item) => item.reference)).not.toContain(json(message.body).reference);
    expect(data.items.every((item) => item.reference.startsWith("DR-"))).toBe(true);
    const deleted = await remove({ token, action: "delete" });
    expect(json(deleted.body)).toMatchObject({ deleted: { requests: 0 } });
    expect(await requestsOf(plain)).toEqual([json(message.body).reference]);
  });
});
