/**
 * With SMTP_URL set, a stored request reaches the business's inbox and the visitor gets a
 * confirmation, through a real SMTP server on loopback. The confirmation repeats nothing the
 * visitor wrote, and one address gets at most a few a day.
 */
import { randomUUID } from "node:crypto";
import { readSiteContent } from "../../src/build-time/content-files";
import { DEFAULT_SETTINGS } from "../../src/lib/server/runtime/settings";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { calendarIn, eventsOf } from "../support/invite";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { decodeHeaderText, headerFields } from "../support/mime-header";
import { startDispenser } from "../support/start-dispenser";
import { bookingRequest, contactMessage, SAMPLE_JOB } from "../support/sample-requests";

const site = readSiteContent();

let mailbox: Mailbox;
let server: FunctionServer;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startFunctionServer({ SMTP_URL: mailbox.url, BOOKING_LINK_SECRET: "email-test-secret" });
  nextStart = await startDispenser(server.url, SAMPLE_JOB, 250);
});

let nextStart: () => string;
/** The sample booking, at an open time of its own. */
const scheduleRequest = (overrides: Record<string, unknown> = {}) => bookingRequest(nextStart(), overrides);
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

/** The messages that mention `reference`, once both of its e-mails have arrived. */
async function mailFor(reference: string, count = 2) {
  const matching = () => mailbox.messages.filter((message) => bodyText(message.raw).includes(reference));
  await waitFor(`the e-mails of ${reference}`, () => matching().length >= count);
  return matching();
}

it("sends the business every field and the quote, and the visitor a confirmation", async () => {
  const request = scheduleRequest({
    street: "12 Severn Avenue",
    phone: "(410) 555-0100",
    email: "ann.client@example.com",
  });
  const answer = await postJson(`${server.url}/api/schedule`, request, "127.0.4.1");
  expect(answer.status).toBe(201);
  const { reference, quote, confirmationQueued } = JSON.parse(answer.body) as {
    reference: string;
    quote: { total: number };
    confirmationQueued: boolean;
  };
  expect(confirmationQueued).toBe(true);
  const messages = await mailFor(reference);
  expect(messages).toHaveLength(2);

  const toBusiness = messages.find((message) => message.to[0] === site.email)!;
  const business = bodyText(toBusiness.raw);
  expect(business).toMatch(new RegExp(`Subject: Booking ${reference}: \\w+day, `));
  expect(business).toMatch(/Content-Type: text\/calendar/);
  expect(business).toMatch(/Reply-To: ann\.client@example\.com/);
  for (const text of [
    "Residential home inspection",
    "Radon test (48-hour continuous monitor)",
    "Water test: Basic Potability",
    "12 Severn Avenue, Annapolis, MD 21403 (Anne Arundel)",
    "Finished square feet: 2100",
    "Year built: 1962",
    "Foundation: Crawlspace",
    "Name: Ann Client",
    "Phone: (410) 555-0100",
    "Agent: Bea Agent",
    "The side gate is unlocked.",
    `Estimated total: $${quote.total.toLocaleString("en-US")}`,
  ]) {
    expect(business).toContain(text);
  }

  const toVisitor = messages.find((message) => message.to[0] === "ann.client@example.com")!;
  const confirmation = bodyText(toVisitor.raw);
  expect(confirmation).toContain(`Your reference is ${reference}.`);
  expect(confirmation).toContain("Radon test (48-hour continuous monitor)");
  expect(confirmation).toContain(`Your inspection time is held for you. Your reference is ${reference}.`);
  expect(confirmation).toMatch(/Please confirm it within 2 hours: open this link and choose "Keep this time"\./);
  expect(confirmation).toMatch(/^ {2}https:\/\/\S+\/booking\?token=\S+$/m);
  expect(confirmation).toContain("The same link cancels or moves it, until 24 hours before it starts.");
  expect(confirmation).toContain(site.phone);
  // The invitation part carries the time, and of what was typed only the property's address, as LOCATION.
  expect(confirmation).toMatch(/BEGIN:VEVENT[\s\S]*UID:/);
  expect(eventsOf(calendarIn(confirmation))[0]!.location).toBe("12 Severn Avenue, Annapolis, MD 21403");
  // Nothing else the visitor typed: not their name, notes, agent or phone; the text not the address either.
  const text = confirmation.replace(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/g, "");
  for (const typed of ["Ann Client", "Severn Avenue", "Annapolis", "side gate", "Bea Agent", "555-0100"]) {
    expect(text).not.toContain(typed);
  }
  for (const typed of ["Ann Client", "side gate", "Bea Agent", "555-0100"]) expect(confirmation).not.toContain(typed);

  // The outbox holds the request too.
  expect(await server.readOutbox("schedule-requests")).toContainEqual(expect.objectContaining({ reference }));
});

it("confirms a contact message without repeating any of its text", async () => {
  const typed = {
    name: "Visit cheap-pills.example now",
    phone: "410 555 0177",
    message: "Click http://spam.example/offer for a prize, dear stranger.",
  };
  const answer = await postJson(
    `${server.url}/api/contact`,
    contactMessage({ ...typed, email: "stranger@example.com" }),
    "127.0.4.2",
  );
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  const messages = await mailFor(reference);
  const business = bodyText(messages.find((message) => message.to[0] === site.email)!.raw);
  expect(business).toContain(typed.message);
  const confirmation = bodyText(messages.find((message) => message.to[0] === "stranger@example.com")!.raw);
  expect(confirmation).toContain(`Your reference is ${reference}`);
  for (const text of [typed.name, "cheap-pills", typed.phone, typed.message, "spam.example", "prize"]) {
    expect(confirmation).not.toContain(text);
  }
});

it(`sends one address at most ${DEFAULT_SETTINGS.confirmationsPerAddressPerDay} confirmations a day, and the business every request`, async () => {
  const answers = [];
  for (let i = 0; i < DEFAULT_SETTINGS.confirmationsPerAddressPerDay + 2; i += 1) {
    // From different visitors and with different keys: the limit is per recipient, not per sender.
    const answer = await postJson(
      `${server.url}/api/contact`,
      contactMessage({ email: "Target@Example.com", message: `Question number ${i}` }),
      `127.0.4.${10 + i}`,
      { "Idempotency-Key": randomUUID() },
    );
    expect(answer.status).toBe(201);
    answers.push(JSON.parse(answer.body) as { reference: string; confirmationQueued: boolean });
  }
  expect(answers.map((answer) => answer.confirmationQueued)).toEqual([
    ...Array<boolean>(DEFAULT_SETTINGS.confirmationsPerAddressPerDay).fill(true),
    false,
    false,
  ]);
  // Each e-mail is delivered on its own: wait for both e-mails of each confirmed request, not only the last.
  for (const [i, { reference }] of answers.entries()) {
    await mailFor(reference, i < DEFAULT_SETTINGS.confirmationsPerAddressPerDay ? 2 : 1);
  }
  const toTarget = mailbox.messages.filter((message) => message.to[0]?.toLowerCase() === "target@example.com");
  expect(toTarget).toHaveLength(DEFAULT_SETTINGS.confirmationsPerAddressPerDay);
});

it("counts the spellings of one mailbox as one address: case, +tags, and dots at Gmail", async () => {
  const spellings = [
    "victim+1@gmail.com",
    "Vic.Tim@gmail.com",
    "v.i.c.t.i.m+x@googlemail.com",
    "victim+2@gmail.com",
    "VICTIM@GMAIL.COM",
  ];
  const answers = [];
  for (const [i, email] of spellings.entries()) {
    const answer = await postJson(
      `${server.url}/api/contact`,
      contactMessage({ email, message: `Spelling number ${i}` }),
      `127.0.4.${30 + i}`,
      { "Idempotency-Key": randomUUID() },
    );
    expect(answer.status).toBe(201);
    answers.push(JSON.parse(answer.body) as { reference: string; confirmationQueued: boolean });
  }
  const limit = DEFAULT_SETTINGS.confirmationsPerAddressPerDay;
  expect(answers.map((answer) => answer.confirmationQueued)).toEqual(spellings.map((_, i) => i < limit));
  // The confirmations that were sent went to the addresses as typed.
  for (const { reference } of answers.slice(0, limit)) await mailFor(reference, 2);
  for (const { reference } of answers.slice(limit)) await mailFor(reference, 1);
  const confirmed = mailbox.messages
    .filter((message) => message.to[0] !== site.email && /victim|vic\.tim|v\.i\.c/i.test(message.to[0]!))
    .map((message) => message.to[0]);
  expect(confirmed.sort()).toEqual(spellings.slice(0, limit).sort());
});

describe("text that looks like an encoded word", () => {
  /** The business's e-mail for an answer, once it has arrived. */
  async function businessMail(answer: { body: string }) {
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const messages = await mailFor(reference, 1);
    return { reference, message: messages.find((message) => message.to[0] === site.email)! };
  }
  const subjectOf = (raw: string) => headerFields(raw).find((field) => field.name.toLowerCase() === "subject")!.value;
  const names = (raw: string) => headerFields(raw).map((field) => field.name.toLowerCase());

  it.each([
    // Decoded, this would put a line break and a Bcc line into the Subject a reader shows.
    "=?utf-8?Q?A=0D=0ABcc:_x@example.com?=",
    // Decoded, this would turn the rest of the Subject around (U+202E).
    "Annapolis =?utf-8?B?4oCuZWxwbWF4ZQ==?=",
  ])("shows the town %j in the Subject exactly as typed, and adds no header", async (city) => {
    const plain = await businessMail(await postJson(`${server.url}/api/schedule`, scheduleRequest(), "127.0.4.40"));
    const answer = await postJson(`${server.url}/api/schedule`, scheduleRequest({ city }), "127.0.4.41");
    expect(answer.status).toBe(201);
    const typed = await businessMail(answer);

    expect(decodeHeaderText(subjectOf(typed.message.raw))).toMatch(
      new RegExp(`^Booking ${typed.reference}: .+: Residential home inspection, ${city.replace(/[?=.*+]/g, "\\$&")}$`),
    );
    expect(typed.message.to).toEqual([site.email]);
    expect(names(typed.message.raw)).toEqual(names(plain.message.raw));
  });
});

it("sends an agent who books for a client the confirmation too, and nothing either of them typed", async () => {
  const answer = await postJson(
    `${server.url}/api/schedule`,
    scheduleRequest({
      email: "client.two@example.com",
      bookedByAgent: "yes",
      agentName: "Bea Agent",
      agentEmail: "bea.agent@example.com",
      agentPhone: "(410) 555-0111",
    }),
    "127.0.4.60",
  );
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  const messages = await mailFor(reference, 3);
  const to = (address: string) => bodyText(messages.find((message) => message.to[0] === address)!.raw);
  for (const address of ["client.two@example.com", "bea.agent@example.com"]) {
    const raw = to(address);
    expect(raw).toContain(`Your inspection time is held for you. Your reference is ${reference}.`);
    // The invite names the property, as a calendar entry must; nothing else typed is in it or the text.
    const [event] = eventsOf(calendarIn(raw));
    expect(event!.location).toMatch(/^\d+ Severn Avenue, Annapolis, MD \d{5}$/);
    const withoutInvite = raw.replace(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/g, "");
    for (const typed of ["Ann Client", "Severn Avenue", "Bea Agent", "555-0111", "side gate"]) {
      expect(withoutInvite).not.toContain(typed);
    }
    for (const typed of ["Ann Client", "Bea Agent", "555-0111", "side gate"]) expect(raw).not.toContain(typed);
  }
  expect(to(site.email)).toContain("Booked by the agent: Bea Agent");
  expect(to(site.email)).toContain("Agent phone: (410) 555-0111");
});
