/**
 * The owner's desk against the built site under the production server, on PGlite and on a real
 * PostgreSQL server, with a real SMTP server on loopback: sign-in by the e-mailed link (once, and
 * the same answer for any other address), every change refused without a session or from another
 * origin, confirm and cancel telling the client once, and time off kept apart from bookings by
 * the database's constraint, then, on two servers sharing one PostgreSQL, racing visitors.
 */
import { parseSetCookie } from "cookie";
import { inspectorName, type Inspector } from "../../src/lib/desk/inspectors";
import { randomUUID } from "node:crypto";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { getJson, openStartsOf } from "../support/start-dispenser";
import { withDatabase } from "../../src/serve/database-access";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { SHORT_JOB } from "../support/sample-requests";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import {
  desk,
  DESK_CAPS,
  DESK_SECRETS,
  deskEngines,
  deskGet,
  mailsTo,
  OFFICE,
  signIn,
  visitors,
} from "../support/desk-client";
import { readRawContentFile } from "../../src/build-time/content-files";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import type { DeskAttention } from "../../src/lib/desk/desk-attention";

/** The inspectors as content/availability.yaml lists them. */
const INSPECTORS = (readRawContentFile("availability.yaml") as { inspectors: Inspector[] }).inspectors;
/** How long before a confirmed visit its reminder is stored (content/availability.yaml). */
const REMINDER_HOURS = (readRawContentFile("availability.yaml") as { reminders: { beforeVisitHours: number } })
  .reminders.beforeVisitHours;
/** A client whose mail server refuses every e-mail for good. */
const BOUNCING = "desk-bounce@example.com";

const { book, lastEmail } = visitors("desk-visitor");

describe.each(deskEngines)("the desk on %s", (_name, setup) => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stopEngine: () => Promise<void>;
  let env: Record<string, string>;
  let starts: string[];
  beforeAll(async () => {
    mailbox = await startMailbox({ refuseRecipient: (address) => (address === BOUNCING ? 553 : undefined) });
    ({ env, stop: stopEngine } = await setup());
    server = await startFunctionServer({
      SMTP_URL: mailbox.url,
      ...DESK_SECRETS,
      // A refusal for good is tried again at each delivery pass until it is believed, so passes come
      // often and the test sees it given up on soon.
      ...settingsEnv({ ...DESK_CAPS, firstRetryMs: 100, retryMaxMs: 200, deliveryPassMs: 200 }),
      ...env,
    });
    starts = await openStartsOf(server.url, SHORT_JOB);
  });
  afterAll(async () => {
    await server?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });
  const inDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0]) =>
    withDatabase(work, { ...process.env, DATA_DIR: server.dataDir, ...env });
  const statusOf = async (reference: string) =>
    inDatabase(
      async (db) =>
        (await db.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [reference]))[0]
          ?.status,
    );

  it("sends a one-time link to the business mailbox only, answers any other address the same, and tells the office of the sign-in", async () => {
    const stranger = await desk(server.url, "link", { email: "someone@example.com" });
    const office = await desk(server.url, "link", { email: OFFICE });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toBe(office.body);
    await waitFor("the link", () => mailsTo(mailbox, OFFICE, /desk\?signin=/).length === 1);
    expect(mailbox.recipientsAsked).not.toContain("someone@example.com");
    const token = /desk\?signin=([A-Za-z0-9_-]+)/.exec(bodyText(mailbox.messages.at(-1)!.raw))![1]!;
    expect((await desk(server.url, "sign-in", { token }, undefined, "https://elsewhere.example")).status).toBe(403);
    const first = await desk(server.url, "sign-in", { token });
    expect(first.status).toBe(200);
    const cookie = String(first.headers["set-cookie"]);
    expect(parseSetCookie(cookie)).toEqual({
      name: "desk",
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path: "/api/desk",
      maxAge: 36000,
      httpOnly: true,
      sameSite: "strict",
    });
    expect((await desk(server.url, "sign-in", { token })).status).toBe(410);
    await waitFor("the sign-in notice", () => mailsTo(mailbox, OFFICE, /Signed in to the desk/).length === 1);
    const session = await deskGet(server.url, "session", cookie.split(";")[0]);
    expect(JSON.parse(session.body)).toMatchObject({ mailbox: OFFICE, inspectors: INSPECTORS });
  });

  it("sends a link to a person site.yaml lists, who signs in while the business mailbox is told; an unlisted address gets the same answer and nothing", async () => {
    const [listed] = (readRawContentFile("site.yaml") as { deskPeople: string[] }).deskPeople;
    const unlisted = await desk(server.url, "link", { email: "frontdesk@example.com" });
    const answer = await desk(server.url, "link", { email: listed });
    expect(answer.status).toBe(200);
    expect(unlisted.body).toBe(answer.body);
    await waitFor("the listed person's link", () => mailsTo(mailbox, listed!, /desk\?signin=/).length === 1);
    expect(mailbox.recipientsAsked).not.toContain("frontdesk@example.com");
    const token = /desk\?signin=([A-Za-z0-9_-]+)/.exec(
      bodyText(mailsTo(mailbox, listed!, /desk\?signin=/)[0]!.raw),
    )![1]!;
    const signedIn = await desk(server.url, "sign-in", { token });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toMatchObject({ mailbox: listed });
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    expect(JSON.parse((await deskGet(server.url, "session", cookie)).body)).toMatchObject({ mailbox: listed });
    const notice = new RegExp(`Signed in to the desk: ${listed!.replace(".", "\\.")}`);
    await waitFor("the business mailbox's notice", () => mailsTo(mailbox, OFFICE, notice).length === 1);
    expect(mailsTo(mailbox, listed!, /Signed in to the desk/)).toHaveLength(0);
  });

  it("refuses every read without a session, and every change without one or from another origin", async () => {
    const cookie = await signIn(server.url, mailbox);
    const start = starts.shift()!;
    const booked = JSON.parse((await book(server.url, start)).body) as { reference: string };
    expect((await deskGet(server.url, "days")).status).toBe(401);
    for (const action of ["confirm", "cancel", "time-off", "time-off-remove"]) {
      expect((await desk(server.url, action, { reference: booked.reference })).status).toBe(401);
      expect(
        (await desk(server.url, action, { reference: booked.reference }, cookie, "https://evil.example")).status,
      ).toBe(403);
      expect((await desk(server.url, action, { reference: booked.reference }, cookie, null)).status).toBe(403);
    }
    expect(await statusOf(booked.reference)).toBe("pending");
    expect((await desk(server.url, "sign-out", {}, cookie)).status).toBe(200);
    expect((await deskGet(server.url, "days", cookie)).status).toBe(401);
  });

  it("confirms a held booking for a client, who is told once with the invite; cancels one for a client", async () => {
    const cookie = await signIn(server.url, mailbox);
    // A start past the reminders' window, so that no delivery pass adds a reminder to its e-mails.
    const later = starts.findIndex((at) => Date.parse(at) > Date.now() + (REMINDER_HOURS + 1) * 3_600_000);
    const [start] = starts.splice(later, 1) as [string];
    const answer = await book(server.url, start);
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const email = lastEmail();
    expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
    expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
    expect(await statusOf(reference)).toBe("booked");
    await waitFor(
      "the client's confirmation",
      () => mailsTo(mailbox, email, /Your inspection is confirmed/).length >= 1,
    );
    const confirmed = mailsTo(mailbox, email, /Your inspection is confirmed/);
    expect(confirmed).toHaveLength(1);
    expect(bodyText(confirmed[0]!.raw)).toMatch(/STATUS:CONFIRMED/);
    const days = JSON.parse((await deskGet(server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie)).body) as {
      items: Array<{ reference: string; standing: string; when: string; emails: Array<{ message: string }> }>;
    };
    const item = days.items.find((each) => each.reference === reference)!;
    expect(item.standing).toBe("confirmed");
    // The booking's own e-mails and its change's, each with its delivery.
    expect(item.emails.map((mail) => mail.message).sort()).toEqual(["business", "client", "confirmation"]);
    expect(item.when).toMatch(/\(Maryland time\)$/);

    // A client who lost it has the latest e-mail of the booking sent again, its links with it.
    expect((await desk(server.url, "resend", { reference }, cookie)).status).toBe(200);
    await waitFor("the resent e-mail", () => mailsTo(mailbox, email, /Your inspection is confirmed/).length === 2);

    expect((await desk(server.url, "cancel", { reference }, cookie)).status).toBe(200);
    expect(await statusOf(reference)).toBe("cancelled");
    expect((await desk(server.url, "resend", { reference }, cookie)).status).toBe(409);
    await waitFor(
      "the client's cancellation",
      () => mailsTo(mailbox, email, /Your inspection is cancelled/).length === 1,
    );
    expect(bodyText(mailsTo(mailbox, email, /Your inspection is cancelled/)[0]!.raw)).toMatch(/METHOD:CANCEL/);
  });

  it("takes time off for every inspector around a booking, which keeps its time and is listed; the times leave the schedule at once", async () => {
    const cookie = await signIn(server.url, mailbox);
    // The last day offered, which no other test books.
    const start = starts.at(-1)!;
    const day = start.slice(0, 10);
    const sameDay = starts.filter((at) => at.startsWith(day));
    starts = starts.filter((at) => !at.startsWith(day));
    const { reference } = JSON.parse((await book(server.url, sameDay[0]!)).body) as { reference: string };
    const ask = { inspector: "all", from: `${day}T00:00`, to: `${day}T23:59`, note: "Sick day" };
    const taken = await desk(server.url, "time-off", ask, cookie);
    expect(taken.status).toBe(200);
    const answer = JSON.parse(taken.body) as { timeOff: string[]; bookingsInside: string[] };
    expect(answer.bookingsInside).toEqual([reference]);
    expect(await statusOf(reference)).toBe("pending");
    const open = await openStartsOf(server.url, SHORT_JOB);
    expect(open.filter((at) => at.startsWith(day))).toEqual([]);
    const refused = await book(server.url, sameDay.at(-1)!);
    expect(refused.status).toBe(409);
    // Given back, the time is open again.
    for (const timeOff of answer.timeOff) {
      expect((await desk(server.url, "time-off-remove", { reference: timeOff }, cookie)).status).toBe(200);
    }
    expect((await openStartsOf(server.url, SHORT_JOB)).some((at) => at.startsWith(day))).toBe(true);
  });

  it("moves a booking for its client, who gets the moved invite once; hands one to the other inspector only where free", async () => {
    const cookie = await signIn(server.url, mailbox);
    const [start, later] = [starts.shift()!, starts.splice(3, 1)[0]!];
    // A day of its own for two bookings of one time, one per inspector.
    const third = starts.find((at) => at.slice(0, 10) > later.slice(0, 10))!;
    starts = starts.filter((at) => !at.startsWith(third.slice(0, 10)));
    const { reference } = JSON.parse((await book(server.url, start)).body) as { reference: string };
    const email = lastEmail();
    const moved = await desk(server.url, "move", { reference, start: later }, cookie);
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toMatchObject({ start: later });
    await waitFor("the client's moved e-mail", () => mailsTo(mailbox, email, /Your inspection is moved/).length === 1);
    const invite = bodyText(mailsTo(mailbox, email, /Your inspection is moved/)[0]!.raw);
    expect(invite).toMatch(/SEQUENCE:1/);
    expect((await desk(server.url, "move", { reference, start: "not a time" }, cookie)).status).toBe(400);

    // Inspector 2 takes a booking of `third`; handing it to inspector 1, who is busy then, is refused.
    const first = JSON.parse((await book(server.url, third)).body) as { reference: string };
    const second = JSON.parse((await book(server.url, third)).body) as { reference: string };
    const inspectorOf = async (ref: string) =>
      inDatabase(
        async (db) =>
          (await db.query<{ inspector: number }>("SELECT inspector FROM bookings WHERE reference = $1", [ref]))[0]!
            .inspector,
      );
    const [one, two] = [await inspectorOf(first.reference), await inspectorOf(second.reference)];
    expect([one, two].sort()).toEqual([1, 2]);
    const refused = await desk(server.url, "hand", { reference: first.reference, inspector: two }, cookie);
    expect(refused.status).toBe(409);
    // Named as content/availability.yaml names that number.
    expect(refused.body).toBe(
      `${inspectorName(INSPECTORS, two)} is not free then: a booking or time off holds that time.`,
    );
    expect((await desk(server.url, "cancel", { reference: second.reference }, cookie)).status).toBe(200);
    expect((await desk(server.url, "hand", { reference: first.reference, inspector: two }, cookie)).status).toBe(200);
    expect(await inspectorOf(first.reference)).toBe(two);
  });

  it("sends the client alone the link to sign the agreement, once per press; refuses it once signed, without a session and from another origin", async () => {
    const cookie = await signIn(server.url, mailbox);
    const agent = "desk-agent@example.com";
    const answer = await book(server.url, starts.shift()!, {
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bea Agent",
      agentEmail: agent,
      agentPhone: "(410) 555-0112",
    });
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const email = lastEmail();
    expect((await desk(server.url, "resend-signing", { reference })).status).toBe(401);
    expect((await desk(server.url, "resend-signing", { reference }, cookie, "https://evil.example")).status).toBe(403);
    expect((await desk(server.url, "resend-signing", { reference }, cookie, null)).status).toBe(403);

    const asking = /Please sign your inspection agreement/;
    expect((await desk(server.url, "resend-signing", { reference }, cookie)).status).toBe(200);
    await waitFor("the client's signing link", () => mailsTo(mailbox, email, asking).length === 1);
    expect((await desk(server.url, "resend-signing", { reference }, cookie)).status).toBe(200);
    await waitFor("the second press's e-mail", () => mailsTo(mailbox, email, asking).length === 2);
    const pressed = await inDatabase((db) =>
      db.query(
        `SELECT 1 FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
         WHERE r.kind = 'booking-changes' AND r.record->>'booking' = $1 AND d.mail->>'subject' LIKE 'Please sign%'`,
        [reference],
      ),
    );
    expect(pressed).toHaveLength(2);
    expect(mailsTo(mailbox, agent, asking)).toHaveLength(0);
    expect(
      mailbox.messages.filter((mail) => asking.test(bodyText(mail.raw))).every((mail) => mail.to.join() === email),
    ).toBe(true);

    // The link opens the client's agreement, and signs it.
    const link = /https?:\/\/\S+\/agreement\?token=([A-Za-z0-9._-]+)/.exec(
      bodyText(mailsTo(mailbox, email, asking)[0]!.raw),
    );
    const token = link![1]!;
    const agreement = await getJson(`${server.url}/api/agreement?token=${token}`);
    expect(agreement.status).toBe(200);
    expect(agreement.body).toMatchObject({ reference, signed: null });
    const { client } = agreement.body as { client: string };
    const signed = await send(`${server.url}/api/agreement`, {
      body: JSON.stringify({ token, name: client, consent: true }),
      contentType: "application/json",
    });
    expect(signed.status).toBe(200);
    const refused = await desk(server.url, "resend-signing", { reference }, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toBe("The client has already signed the agreement of this booking.");
    expect((await desk(server.url, "cancel", { reference }, cookie)).status).toBe(200);
    expect((await desk(server.url, "resend-signing", { reference }, cookie)).status).toBe(409);
  });

  it("lists what needs attention to a session only: an e-mail refused for good, a booking to come with no signature, a data request", async () => {
    const cookie = await signIn(server.url, mailbox);
    expect((await deskGet(server.url, "attention")).status).toBe(401);
    const [bouncedStart, unsignedStart] = [starts.shift()!, starts.shift()!];
    const bounced = JSON.parse((await book(server.url, bouncedStart, { email: BOUNCING })).body) as {
      reference: string;
    };
    const unsigned = JSON.parse((await book(server.url, unsignedStart)).body) as { reference: string };
    const unsignedClient = lastEmail();
    const person = "desk-data@example.com";
    const asked = await postJson(`${server.url}/api/privacy`, { email: person, website: "" }, "127.0.79.1", {
      "Idempotency-Key": randomUUID(),
    });
    expect(asked.status).toBe(202);
    const attention = async () => JSON.parse((await deskGet(server.url, "attention", cookie)).body) as DeskAttention;
    await waitFor("the refused confirmation to be given up", async () =>
      (await attention()).failedMails.some((mail) => mail.booking?.reference === bounced.reference),
    );
    await waitFor("the data link to be delivered", async () =>
      (await attention()).dataRequests.some((request) => request.asked.endsWith(person) && request.answered),
    );
    const seen = await attention();
    expect(seen.failedMails.find((mail) => mail.booking?.reference === bounced.reference)).toMatchObject({
      to: BOUNCING,
      sent: expect.stringMatching(/\(Maryland time\)$/),
      why: expect.stringMatching(/553/),
      booking: { reference: bounced.reference, day: bouncedStart.slice(0, 10) },
    });
    expect(seen.unsigned.find((booking) => booking.reference === unsigned.reference)).toMatchObject({
      day: unsignedStart.slice(0, 10),
      when: expect.stringMatching(/\(Maryland time\)$/),
      standing: "held, not yet confirmed",
      clientEmail: unsignedClient,
    });
    // Its only confirmation refused, the bounced booking let its time go: nothing to sign for.
    expect(seen.unsigned.map((booking) => booking.reference)).not.toContain(bounced.reference);
    expect(seen.dataRequests.find((request) => request.asked.endsWith(person))).toMatchObject({
      asked: `Someone asked for a link to the data kept about ${person}`,
      when: expect.stringMatching(/\(Maryland time\)$/),
      answer: "The link: delivered.",
    });
    // Times in words only: no stored instant in UTC.
    expect(JSON.stringify(seen)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });

  it("refuses time off that asks for nonsense, naming the problem", async () => {
    const cookie = await signIn(server.url, mailbox);
    const day = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 10);
    const backwards = await desk(
      server.url,
      "time-off",
      { inspector: 1, from: `${day}T10:00`, to: `${day}T09:00` },
      cookie,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toBe("The time off must end after it starts.");
    const nobody = await desk(
      server.url,
      "time-off",
      { inspector: 7, from: `${day}T10:00`, to: `${day}T12:00` },
      cookie,
    );
    expect(nobody.body).toBe("Choose one of the inspectors listed, or all.");
  });
});

describe("time off and a caller's booking racing visitors on two servers sharing one PostgreSQL", () => {
  let postgres: PostgresServer;
  let mailbox: Mailbox;
  let servers: FunctionServer[];
  beforeAll(async () => {
    postgres = await startPostgres();
    mailbox = await startMailbox();
    const env = { DATABASE_URL: postgres.url, SMTP_URL: mailbox.url, ...DESK_SECRETS };
    servers = [await startFunctionServer(env), await startFunctionServer(env)];
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await mailbox?.stop();
    await postgres?.stop();
  });

  it("leaves exactly the inspectors not off booked, the caller's booking counted, and nothing over time off", async () => {
    const callers = visitors("desk-caller");
    const cookie = await signIn(servers[0]!.url, mailbox);
    const starts = await openStartsOf(servers[0]!.url, SHORT_JOB);
    for (const start of starts.filter((_, index) => index % 97 === 0).slice(0, 3)) {
      const local = start.slice(0, 16);
      const endLocal = `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, "0")}:${start.slice(14, 16)}`;
      const [timeOff, ...bookings] = await Promise.all([
        desk(servers[1]!.url, "time-off", { inspector: 1, from: local, to: endLocal }, cookie, servers[1]!.url),
        desk(servers[0]!.url, "book", callers.request(start), cookie, servers[0]!.url, {
          "Idempotency-Key": randomUUID(),
        }),
        ...Array.from({ length: 30 }, (_, n) => book(servers[n % 2]!.url, start)),
      ]);
      expect(timeOff!.status).toBe(200);
      // The caller's booking (first) and the visitors': each booked, or told the time is taken.
      const made = bookings.filter((answer) => answer.status === 201).length;
      expect(bookings.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      const { visits, clashes, offAtStart } = await withDatabase(
        async (db) => ({
          visits: await db.query<{ inspector: number }>(
            "SELECT inspector FROM bookings WHERE start_at = $1 AND status IN ('pending', 'booked')",
            [start],
          ),
          clashes: await db.query(
            `SELECT 1 FROM bookings AS a JOIN bookings AS b ON a.inspector = b.inspector AND a.reference < b.reference
             AND a.during && b.during WHERE a.status IN ('pending', 'booked', 'time_off') AND b.status IN ('pending', 'booked', 'time_off')`,
          ),
          offAtStart: await db.query(
            "SELECT 1 FROM bookings WHERE status = 'time_off' AND inspector = 1 AND during @> $1::timestamptz",
            [start],
          ),
        }),
        { DATABASE_URL: postgres.url },
      );
      expect(clashes).toEqual([]);
      // Inspector 2 is booked; inspector 1 is either booked or off at that time, never both, never neither.
      expect(visits.map((row) => row.inspector).sort()).toEqual(offAtStart.length ? [2] : [1, 2]);
      expect(made).toBe(visits.length);
    }
  });
});
