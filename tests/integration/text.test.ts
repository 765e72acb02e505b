/**
 * Text that is not text, sent to every function of the built site under the production server:
 * NUL, a lone surrogate, CRLF, BEL, a right-to-left override and U+FFFF in each free-text field
 * are dropped (a line break in a one-line field becomes a space) before anything is stored, mailed,
 * printed in a PDF or written in the owner's feed; where a field cannot hold them (an e-mail
 * address, a time, a link's token) the answer is a 4xx naming the field or the link, never a 5xx.
 */
import { randomUUID } from "node:crypto";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { getJson, startDispenser } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";
import { storedMail } from "../../src/lib/server/mail/deliveries";
import type { MailMessage } from "../../src/lib/server/mail/mailer";
import { pdfText } from "../support/pdf-text";

const SECRETS = { BOOKING_LINK_SECRET: "a-test-secret-for-text-links", CALENDAR_FEED_SECRET: "text-feed-secret" };

/** What the issue saw stored, mailed or answered with a 5xx, by name. */
const NOT_TEXT: Array<[string, string]> = [
  ["NUL", "\u0000"],
  ["a lone surrogate", "\ud800"],
  ["CRLF", "\r\n"],
  ["BEL", "\u0007"],
  ["a right-to-left override", "\u202e"],
  ["U+FFFF", "\uffff"],
];
/** Any of them, or their kin, in text that may hold line breaks (a mail's body, a note). */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFDD0-\uFDEF\uFFFE\uFFFF\uD800-\uDFFF]/u;

let server: FunctionServer;
let nextStart: () => string;
beforeAll(async () => {
  server = await startFunctionServer({ RATE_LIMIT_MAX: "10000", ...SECRETS });
  nextStart = await startDispenser(server.url, SHORT_JOB, 60);
});
afterAll(() => server?.stop());

const env = () => ({ ...process.env, DATA_DIR: server.dataDir });
const rows = <T>(sql: string, params: unknown[]) => withDatabase((db) => db.query(sql, params), env()) as Promise<T[]>;
/** Every e-mail stored for a reference, as it will be sent. */
async function mailsOf(reference: string): Promise<MailMessage[]> {
  const messages = await rows<{ message: string }>("SELECT message FROM deliveries WHERE reference = $1", [reference]);
  return Promise.all(
    messages.map(
      ({ message }) => withDatabase((db) => storedMail(db, reference, message), env()) as Promise<MailMessage>,
    ),
  );
}
/** Every string inside a stored record. */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];
/** No text holds any of them; an invite's own CRLF line ends (RFC 5545) are its format, not text. */
function expectOnlyText(texts: string[]) {
  for (const text of texts) expect(text.replace(/\r\n/g, "\n")).not.toMatch(FORBIDDEN);
}

let visitor = 0;
const from = () => `127.0.70.${(visitor % 250) + 1}`;

async function book(name = "Dana Client", notes = "The side gate is unlocked.") {
  visitor += 1;
  const answer = await postJson(
    `${server.url}/api/schedule`,
    bookingRequest(nextStart(), { ...SHORT_JOB, name, notes, email: `text${visitor}@example.com` }),
    from(),
    { "Idempotency-Key": randomUUID() },
  );
  return answer;
}

const tokenIn = (text: string, page: "agreement" | "booking") =>
  new RegExp(`https?://\\S+/${page}\\?token=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? null;

describe.each(NOT_TEXT)("%s", (_, character) => {
  it("is dropped from a booking's name and notes: the record and its e-mails hold text only", async () => {
    const answer = await book(`Ann${character} Client`, `Gate${character}code 42`);
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const stored = (await server.readOutbox("schedule-requests")).find((line) => line.reference === reference)!;
    const request = (stored as unknown as { request: { name: string; notes: string } }).request;
    expect(request.name).toMatch(/^Ann +Client$/);
    expect(request.notes).toMatch(/^Gate\n?code 42$/);
    expectOnlyText(stringsOf(stored));
    const mails = await mailsOf(reference);
    expect(mails.length).toBeGreaterThan(0);
    expectOnlyText(mails.flatMap((mail) => [mail.subject, mail.text]));
  });

  it("is dropped from a contact message's name and message", async () => {
    visitor += 1;
    const answer = await postJson(
      `${server.url}/api/contact`,
      contactMessage({ name: `Carl${character} Owner`, message: `Do you test${character} for radon in rentals?` }),
      from(),
    );
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const stored = (await server.readOutbox("contact-messages")).find((line) => line.reference === reference)!;
    expect((stored as unknown as { message: { name: string } }).message.name).toMatch(/^Carl +Owner$/);
    expectOnlyText(stringsOf(stored));
    expectOnlyText((await mailsOf(reference)).flatMap((mail) => [mail.subject, mail.text]));
  });

  it("is dropped from the signer's name: the record, both PDFs, the e-mails and the owner's feed hold text only", async () => {
    const booked = await book();
    expect(booked.status).toBe(201);
    const { reference } = JSON.parse(booked.body) as { reference: string };
    const confirmation = (await mailsOf(reference)).find((mail) => tokenIn(mail.text, "agreement"))!;
    const token = tokenIn(confirmation.text, "agreement")!;
    const signed = await postJson(
      `${server.url}/api/agreement`,
      { token, name: `Dana${character} Q. Client`, consent: true },
      from(),
    );
    expect(signed.status).toBe(200);
    const shown = (JSON.parse(signed.body) as { signed: { name: string } }).signed.name;
    expect(shown).toMatch(/^Dana +Q\. Client$/);
    const [row] = await rows<{ signer_name: string }>("SELECT signer_name FROM agreements WHERE booking = $1", [
      reference,
    ]);
    expect(row!.signer_name).toBe(shown);
    const copies = (await mailsOf(reference)).filter((mail) => mail.subject.match(/signed/i));
    expect(copies.length).toBeGreaterThan(0);
    expectOnlyText(copies.flatMap((mail) => [mail.subject, mail.text]));
    for (const mail of copies) {
      for (const pdf of mail.attachments ?? []) {
        const text = pdfText(pdf.base64);
        expect(text).toContain("Signed electronically by Dana Q. Client");
        expect(text).not.toMatch(FORBIDDEN);
      }
    }
    const feed = await getJson(`${server.url}/api/calendar/${SECRETS.CALENDAR_FEED_SECRET}.ics`);
    expect(feed.status).toBe(200);
    // Lines unfolded (RFC 5545 3.1) and unescaped, as a calendar reads them.
    const unfolded = feed.text.replace(/\r\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1");
    expect(unfolded).toMatch(/Agreement signed by Dana +Q\. Client on /);
    expect(unfolded.replace(/\r\n/g, "\n")).not.toMatch(FORBIDDEN);
  });

  it("in an e-mail address asking for a data link is a 400 naming the field", async () => {
    visitor += 1;
    const answer = await postJson(`${server.url}/api/privacy`, { email: `ann${character}@example.com` }, from());
    expect(answer.status).toBe(400);
    expect(Object.keys((JSON.parse(answer.body) as { fields: object }).fields)).toEqual(["email"]);
  });

  it("in a booking change's time is a 400, and in any link's token a 403", async () => {
    const booked = await book();
    const { reference } = JSON.parse(booked.body) as { reference: string };
    const manage = tokenIn((await mailsOf(reference)).find((mail) => tokenIn(mail.text, "booking"))!.text, "booking")!;
    const move = await postJson(
      `${server.url}/api/booking`,
      { token: manage, action: "move", start: `2031-01-07T09:00${character}:00-05:00` },
      from(),
    );
    expect(move.status).toBe(400);
    const action = await postJson(`${server.url}/api/booking`, { token: manage, action: `cancel${character}` }, from());
    expect(action.status).toBe(400);
    for (const [address, body] of [
      ["/api/booking", { token: `${manage}${character}`, action: "cancel" }],
      ["/api/agreement", { token: `${manage}${character}`, name: "Dana", consent: true }],
      ["/api/privacy-data", { token: `x${character}`, action: "delete" }],
    ] as const) {
      expect({ address, status: (await postJson(`${server.url}${address}`, body, from())).status }).toEqual({
        address,
        status: 403,
      });
    }
    expect((await getJson(`${server.url}/api/booking`)).status).toBe(403);
  });
});
