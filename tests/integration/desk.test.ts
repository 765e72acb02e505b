/**
 * The owner's desk against the built site, on PGlite and PostgreSQL with a real SMTP server: sign-in by the
 * e-mailed link, every change refused without a session or from another origin, confirm, cancel and move telling
 * the client once, time off kept apart from bookings by the database's constraint, and racing visitors on two
 * servers sharing one PostgreSQL. (The signing link and what needs attention: desk-attention.test.ts.)
 */
import { parseSetCookie } from "cookie";
import { inspectorName, type Inspector } from "../../src/features/booking/shared/inspectors";
import { randomUUID } from "node:crypto";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { withDatabase } from "../../src/serve/database-access";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { SHORT_JOB } from "../support/sample-requests";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { desk, DESK_SECRETS, deskEngines, deskGet, mailsTo, OFFICE, signIn, visitors } from "../support/desk-client";
import { deskServerForTests, FREQUENT_DELIVERIES } from "../support/desk-server";
import { readRawContentFile } from "../../src/build-time/content-files";

/** The inspectors as content/availability.yaml lists them. */
const INSPECTORS = (readRawContentFile("availability.yaml") as { inspectors: Inspector[] }).inspectors;
/** How long before a confirmed visit its reminder is stored (content/availability.yaml). */
const REMINDER_HOURS = (readRawContentFile("availability.yaml") as { reminders: { beforeVisitHours: number } })
  .reminders.beforeVisitHours;

const { book, lastEmail } = visitors("desk-visitor");

describe.each(deskEngines)("the desk on %s", (_name, setup) => {
  const site = deskServerForTests(setup, { settings: FREQUENT_DELIVERIES });
  const { inDatabase } = site;
  let starts: string[];
  beforeAll(async () => {
    starts = await openStartsOf(site.server.url, SHORT_JOB);
  });
  const statusOf = async (reference: string) =>
    inDatabase(
      async (db) =>
        (await db.query<{ status: string }>("SELECT status FROM bookings WHERE reference = $1", [reference]))[0]
          ?.status,
    );

  it("sends a one-time link to the business mailbox only, answers any other address the same, and tells the office of the sign-in", async () => {
    const stranger = await desk(site.server.url, "link", { email: "someone@example.com" });
    const office = await desk(site.server.url, "link", { email: OFFICE });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toBe(office.body);
    await waitFor("the link", () => mailsTo(site.mailbox, OFFICE, /desk\?signin=/).length === 1);
    expect(site.mailbox.recipientsAsked).not.toContain("someone@example.com");
    const token = /desk\?signin=([A-Za-z0-9_-]+)/.exec(bodyText(site.mailbox.messages.at(-1)!.raw))![1]!;
    expect((await desk(site.server.url, "sign-in", { token }, undefined, "https://elsewhere.example")).status).toBe(
      403,
    );
    const first = await desk(site.server.url, "sign-in", { token });
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
    expect((await desk(site.server.url, "sign-in", { token })).status).toBe(410);
    await waitFor("the sign-in notice", () => mailsTo(site.mailbox, OFFICE, /Signed in to the desk/).length === 1);
    const session = await deskGet(site.server.url, "session", cookie.split(";")[0]);
    expect(JSON.parse(session.body)).toMatchObject({ mailbox: OFFICE, inspectors: INSPECTORS });
  });

  it("sends a link to a person site.yaml lists, who signs in while the business mailbox is told; an unlisted address gets the same answer and nothing", async () => {
    const [listed] = (readRawContentFile("site.yaml") as { deskPeople: string[] }).deskPeople;
    const unlisted = await desk(site.server.url, "link", { email: "frontdesk@example.com" });
    const answer = await desk(site.server.url, "link", { email: listed });
    expect(answer.status).toBe(200);
    expect(unlisted.body).toBe(answer.body);
    await waitFor("the listed person's link", () => mailsTo(site.mailbox, listed!, /desk\?signin=/).length === 1);
    expect(site.mailbox.recipientsAsked).not.toContain("frontdesk@example.com");
    const token = /desk\?signin=([A-Za-z0-9_-]+)/.exec(
      bodyText(mailsTo(site.mailbox, listed!, /desk\?signin=/)[0]!.raw),
    )![1]!;
    const signedIn = await desk(site.server.url, "sign-in", { token });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toMatchObject({ mailbox: listed });
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    expect(JSON.parse((await deskGet(site.server.url, "session", cookie)).body)).toMatchObject({ mailbox: listed });
    const notice = new RegExp(`Signed in to the desk: ${listed!.replace(".", "\\.")}`);
    await waitFor("the business mailbox's notice", () => mailsTo(site.mailbox, OFFICE, notice).length === 1);
    expect(mailsTo(site.mailbox, listed!, /Signed in to the desk/)).toHaveLength(0);
  });

  it("refuses every read without a session, and every change without one or from another origin", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    const start = starts.shift()!;
    const booked = JSON.parse((await book(site.server.url, start)).body) as { reference: string };
    expect((await deskGet(site.server.url, "days")).status).toBe(401);
    for (const action of ["confirm", "cancel", "time-off", "time-off-remove"]) {
      expect((await desk(site.server.url, action, { reference: booked.reference })).status).toBe(401);
      expect(
        (await desk(site.server.url, action, { reference: booked.reference }, cookie, "https://evil.example")).status,
      ).toBe(403);
      expect((await desk(site.server.url, action, { reference: booked.reference }, cookie, null)).status).toBe(403);
    }
    expect(await statusOf(booked.reference)).toBe("pending");
    expect((await desk(site.server.url, "sign-out", {}, cookie)).status).toBe(200);
    expect((await deskGet(site.server.url, "days", cookie)).status).toBe(401);
  });

  it("confirms a held booking for a client, who is told once with the invite; cancels one for a client", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    // A start past the reminders' window, so that no delivery pass adds a reminder to its e-mails.
    const later = starts.findIndex((at) => Date.parse(at) > Date.now() + (REMINDER_HOURS + 1) * 3_600_000);
    const [start] = starts.splice(later, 1) as [string];
    const answer = await book(site.server.url, start);
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const email = lastEmail();
    expect((await desk(site.server.url, "confirm", { reference }, cookie)).status).toBe(200);
    expect((await desk(site.server.url, "confirm", { reference }, cookie)).status).toBe(200);
    expect(await statusOf(reference)).toBe("booked");
    await waitFor(
      "the client's confirmation",
      () => mailsTo(site.mailbox, email, /Your inspection is confirmed/).length >= 1,
    );
    const confirmed = mailsTo(site.mailbox, email, /Your inspection is confirmed/);
    expect(confirmed).toHaveLength(1);
    expect(bodyText(confirmed[0]!.raw)).toMatch(/STATUS:CONFIRMED/);
    const days = JSON.parse(
      (await deskGet(site.server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie)).body,
    ) as {
      items: Array<{ reference: string; standing: string; when: string; emails: Array<{ message: string }> }>;
    };
    const item = days.items.find((each) => each.reference === reference)!;
    expect(item.standing).toBe("confirmed");
    // The booking's own e-mails and its change's, each with its delivery.
    expect(item.emails.map((mail) => mail.message).sort()).toEqual(["business", "client", "confirmation"]);
    expect(item.when).toMatch(/\(Maryland time\)$/);

    // A client who lost it has the latest e-mail of the booking sent again, its links with it.
    expect((await desk(site.server.url, "resend", { reference }, cookie)).status).toBe(200);
    await waitFor("the resent e-mail", () => mailsTo(site.mailbox, email, /Your inspection is confirmed/).length === 2);

    expect((await desk(site.server.url, "cancel", { reference }, cookie)).status).toBe(200);
    expect(await statusOf(reference)).toBe("cancelled");
    expect((await desk(site.server.url, "resend", { reference }, cookie)).status).toBe(409);
    await waitFor(
      "the client's cancellation",
      () => mailsTo(site.mailbox, email, /Your inspection is cancelled/).length === 1,
    );
    expect(bodyText(mailsTo(site.mailbox, email, /Your inspection is cancelled/)[0]!.raw)).toMatch(/METHOD:CANCEL/);
  });

  it("takes time off for every inspector around a booking, which keeps its time and is listed; the times leave the schedule at once", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    // The last day offered, which no other test books.
    const start = starts.at(-1)!;
    const day = start.slice(0, 10);
    const sameDay = starts.filter((at) => at.startsWith(day));
    starts = starts.filter((at) => !at.startsWith(day));
    const { reference } = JSON.parse((await book(site.server.url, sameDay[0]!)).body) as { reference: string };
    const ask = { inspector: "all", from: `${day}T00:00`, to: `${day}T23:59`, note: "Sick day" };
    const taken = await desk(site.server.url, "time-off", ask, cookie);
    expect(taken.status).toBe(200);
    const answer = JSON.parse(taken.body) as { timeOff: string[]; bookingsInside: string[] };
    expect(answer.bookingsInside).toEqual([reference]);
    expect(await statusOf(reference)).toBe("pending");
    const open = await openStartsOf(site.server.url, SHORT_JOB);
    expect(open.filter((at) => at.startsWith(day))).toEqual([]);
    const refused = await book(site.server.url, sameDay.at(-1)!);
    expect(refused.status).toBe(409);
    // Given back, the time is open again.
    for (const timeOff of answer.timeOff) {
      expect((await desk(site.server.url, "time-off-remove", { reference: timeOff }, cookie)).status).toBe(200);
    }
    expect((await openStartsOf(site.server.url, SHORT_JOB)).some((at) => at.startsWith(day))).toBe(true);
  });

  it("moves a booking for its client, who gets the moved invite once; hands one to the other inspector only where free", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    const [start, later] = [starts.shift()!, starts.splice(3, 1)[0]!];
    // A day of its own for two bookings of one time, one per inspector.
    const third = starts.find((at) => at.slice(0, 10) > later.slice(0, 10))!;
    starts = starts.filter((at) => !at.startsWith(third.slice(0, 10)));
    const { reference } = JSON.parse((await book(site.server.url, start)).body) as { reference: string };
    const email = lastEmail();
    const moved = await desk(site.server.url, "move", { reference, start: later }, cookie);
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toMatchObject({ start: later });
    await waitFor(
      "the client's moved e-mail",
      () => mailsTo(site.mailbox, email, /Your inspection is moved/).length === 1,
    );
    const invite = bodyText(mailsTo(site.mailbox, email, /Your inspection is moved/)[0]!.raw);
    expect(invite).toMatch(/SEQUENCE:1/);
    expect((await desk(site.server.url, "move", { reference, start: "not a time" }, cookie)).status).toBe(400);

    // Inspector 2 takes a booking of `third`; handing it to inspector 1, who is busy then, is refused.
    const first = JSON.parse((await book(site.server.url, third)).body) as { reference: string };
    const second = JSON.parse((await book(site.server.url, third)).body) as { reference: string };
    const inspectorOf = async (ref: string) =>
      inDatabase(
        async (db) =>
          (await db.query<{ inspector: number }>("SELECT inspector FROM bookings WHERE reference = $1", [ref]))[0]!
            .inspector,
      );
    const [one, two] = [await inspectorOf(first.reference), await inspectorOf(second.reference)];
    expect([one, two].sort()).toEqual([1, 2]);
    const refused = await desk(site.server.url, "hand", { reference: first.reference, inspector: two }, cookie);
    expect(refused.status).toBe(409);
    // Named as content/availability.yaml names that number.
    expect(refused.body).toBe(
      `${inspectorName(INSPECTORS, two)} is not free then: a booking or time off holds that time.`,
    );
    expect((await desk(site.server.url, "cancel", { reference: second.reference }, cookie)).status).toBe(200);
    expect((await desk(site.server.url, "hand", { reference: first.reference, inspector: two }, cookie)).status).toBe(
      200,
    );
    expect(await inspectorOf(first.reference)).toBe(two);
  });

  it("refuses time off that asks for nonsense, naming the problem", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    const day = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 10);
    const backwards = await desk(
      site.server.url,
      "time-off",
      { inspector: 1, from: `${day}T10:00`, to: `${day}T09:00` },
      cookie,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toBe("The time off must end after it starts.");
    const nobody = await desk(
      site.server.url,
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
