/**
 * Booking a real time against the built site under the production server, with a real SMTP server
 * on loopback: each time is claimed once whoever asks at the same moment (and across a restart),
 * a refused booking is told the fresh times, the invite parses with an independent parser to the
 * booked instant, the owner's feed lists exactly the live bookings, and the signed link cancels or
 * moves a booking, after which its time can be booked again.
 */
import { randomUUID } from "node:crypto";
import { bookingToken } from "../../src/features/booking/server/booking-links";
import { postJson, startFunctionServer, type Answer } from "../support/function-server";
import { getJson, openStartsOf } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { attendeesOf, calendarIn, eventsOf } from "../support/invite";
import { bookingServerForTests } from "../support/booking-server";
import { bodyText, waitFor } from "../support/mailbox";
import { occupy } from "../support/occupy";
import { withDatabase } from "../../src/serve/database-access";

const SECRETS = { BOOKING_LINK_SECRET: "a-test-secret-for-booking-links", CALENDAR_FEED_SECRET: "owner-feed-secret" };

const booking = bookingServerForTests(SECRETS);

let visitor = 0;
/** A booking from a visitor of its own (network address, e-mail, phone, property, key). */
function book(url: string, start: string, overrides: Record<string, unknown> = {}, key = randomUUID()) {
  visitor += 1;
  return postJson(
    `${url}/api/schedule`,
    bookingRequest(start, {
      ...SHORT_JOB,
      email: `visitor${visitor}@example.com`,
      phone: `(410) 555-${String(visitor).padStart(4, "0")}`,
      street: `${visitor} Main Street`,
      ...overrides,
    }),
    `127.0.${60 + (visitor >> 8)}.${visitor & 255}`,
    { "Idempotency-Key": key },
  );
}

const body = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;

/** Sends `count` bookings of one start, `inFlight` at a time; returns the statuses. */
async function rush(url: () => string, start: string, count: number, inFlight: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let sent = 0; sent < count; sent += inFlight) {
    answers.push(
      ...(await Promise.all(Array.from({ length: Math.min(inFlight, count - sent) }, () => book(url(), start)))),
    );
  }
  return answers;
}

/** Makes the time of `start` already taken for inspector 2, as another booking would (the short job's hour). */
const inspectorTwoBusy = (start: string) => occupy(booking.server, start, 2, 60);

describe("one time, many visitors at once", () => {
  it("with one inspector free, 200 bookings 50 at a time give exactly one 201 and 199 answers of 409 with other times", async () => {
    const start = booking.nextStart();
    await inspectorTwoBusy(start);
    const answers = await rush(() => booking.server.url, start, 200, 50);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    const refused = body(answers.find((answer) => answer.status === 409)!);
    expect(refused.error).toMatch(/^Someone has just booked this time/);
    expect((refused.starts as string[]).length).toBeGreaterThan(0);
    expect(refused.starts).not.toContain(start);
    expect(await openStartsOf(booking.server.url, SHORT_JOB)).not.toContain(start);
  });

  it("with two inspectors, exactly two; and a restart in the middle loses and doubles nothing", async () => {
    const start = booking.nextStart();
    const first = await rush(() => booking.server.url, start, 100, 50);
    // The server stops and a new one starts on the same database.
    await booking.server.stop();
    booking.server = await startFunctionServer(
      { SMTP_URL: booking.mailbox.url, RATE_LIMIT_MAX: "10000", ...SECRETS },
      booking.server.dataDir,
    );
    const second = await rush(() => booking.server.url, start, 100, 50);
    const statuses = [...first, ...second].map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(198);
    const stored = (await booking.server.readOutbox("schedule-requests")).filter(
      (record) => (record.request as { start?: string } | undefined)?.start === start,
    );
    expect(stored).toHaveLength(2);
  });

  it("answers a retried booking with its first answer, and stores it once", async () => {
    const key = randomUUID();
    const request = bookingRequest(booking.nextStart(), {
      ...SHORT_JOB,
      email: "twice@example.com",
      phone: "(410) 555-9901",
      street: "1 Twice Lane",
    });
    const send = () =>
      postJson(`${booking.server.url}/api/schedule`, request, "127.0.59.1", { "Idempotency-Key": key });
    const [once, again] = await Promise.all([send(), send()]);
    expect(once.status).toBe(201);
    expect(again.body).toBe(once.body);
    const { reference } = body(once) as { reference: string };
    expect(
      (await booking.server.readOutbox("schedule-requests")).filter((record) => record.reference === reference),
    ).toHaveLength(1);
  });
});

describe("one address booked twice at once", () => {
  it("is asked about first, storing nothing; the same address at another time is not", async () => {
    const start = booking.nextStart();
    expect((await book(booking.server.url, start, { street: "7 Harbor Lane" })).status).toBe(201);
    // Another visitor (the buyer's agent, say) types the same address a little differently.
    const asked = await book(booking.server.url, start, { street: "7 harbor lane." });
    expect(asked.status).toBe(409);
    expect(body(asked)).toEqual({
      error: expect.stringMatching(/^This address already has an inspection booked at an overlapping time/),
      sameAddress: true,
    });
    const stored = async () =>
      (await booking.server.readOutbox("schedule-requests")).filter((record) =>
        (record.request as { street?: string } | undefined)?.street?.toLowerCase().startsWith("7 harbor lane"),
      );
    expect(await stored()).toHaveLength(1);
    expect((await book(booking.server.url, booking.nextStart(), { street: "7 Harbor Lane" })).status).toBe(201);
    expect(await stored()).toHaveLength(2);
  });

  it("is booked when the visitor answers that it should be", async () => {
    const start = booking.nextStart();
    expect((await book(booking.server.url, start, { street: "9 Harbor Lane" })).status).toBe(201);
    const answered = await book(booking.server.url, start, { street: "9 Harbor Lane", sameAddress: "yes" });
    expect(answered.status).toBe(201);
    expect(body(answered).booking).toBeDefined();
    // The owner reads that the visitor was asked and went ahead, in the e-mail and the feed.
    const { reference } = body(answered) as { reference: string };
    const officeMail = () =>
      booking.mailbox.messages.find((message) => bodyText(message.raw).includes(`Subject: Booking ${reference}:`));
    await waitFor("the office's e-mail", () => officeMail() !== undefined);
    expect(bodyText(officeMail()!.raw)).toContain("and chose to book this one as well.");
    const feed = await getJson(`${booking.server.url}/api/calendar/${SECRETS.CALENDAR_FEED_SECRET}.ics`);
    expect(eventsOf(feed.text).find((event) => event.uid === reference)!.description).toContain(
      "and chose to book this one as well.",
    );
  });
});

describe("a booking", () => {
  let reference: string;
  let start: string;
  let token: string;

  it("is confirmed with an invite that an independent parser reads as the booked instant", async () => {
    start = booking.nextStart();
    // Inspector 2 is busy then, so whether the time is open shows whether this booking holds it.
    await inspectorTwoBusy(start);
    const answer = await book(booking.server.url, start, { email: "booker@example.com" });
    expect(answer.status).toBe(201);
    const booked = body(answer) as { reference: string; booking: { start: string; invite: string } };
    reference = booked.reference;
    expect(booked.booking.start).toBe(start);
    const [event] = eventsOf(booked.booking.invite);
    expect(event!.uid).toBe(reference);
    expect(event!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("America/New_York");
    expect(event!.startDate.zone.tzid).toBe("America/New_York");
    expect(event!.startDate.toJSDate().getTime()).toBe(Date.parse(start));
    // Held until confirmed, at the property's address; nothing else the visitor typed.
    expect(event!.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(attendeesOf(event!)).toEqual(["booker@example.com"]);
    expect(event!.location).toMatch(/^\d+ Main Street, Annapolis, MD 21403$/);
    expect(booked.booking.invite).not.toMatch(
      new RegExp(`Ann Client|555-${String(visitor).padStart(4, "0")}|side gate`),
    );

    await waitFor("the confirmation", () =>
      booking.mailbox.messages.some((message) => message.to[0] === "booker@example.com"),
    );
    const confirmation = bodyText(
      booking.mailbox.messages.find((message) => message.to[0] === "booker@example.com")!.raw,
    );
    expect(confirmation).toMatch(/Content-Type: text\/calendar/);
    token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(confirmation)![1]!;
    // The key that signed it, then the booking it is for.
    expect(token).toMatch(new RegExp(`^[0-9a-f]{8}\\.${reference}\\.`));
  });

  it("is in the owner's feed with its address and client; a wrong secret is 404", async () => {
    const feed = await getJson(`${booking.server.url}/api/calendar/${SECRETS.CALENDAR_FEED_SECRET}.ics`);
    expect(feed.status).toBe(200);
    const events = eventsOf(feed.text);
    const mine = events.find((event) => event.uid === reference)!;
    expect(mine.location).toMatch(/^\d+ Main Street, Annapolis, MD 21403$/);
    expect(mine.summary).toContain("Ann Client");
    expect(mine.startDate.toJSDate().getTime()).toBe(Date.parse(start));
    // Exactly the live bookings stored.
    const live = await withDatabase(
      (db) => db.query<{ reference: string }>("SELECT reference FROM bookings WHERE status IN ('pending', 'booked')"),
      { ...process.env, DATA_DIR: booking.server.dataDir },
    );
    expect(
      new Set(
        events
          .filter((event) => event.component.getFirstPropertyValue("status") !== "CANCELLED")
          .map((event) => event.uid),
      ),
    ).toEqual(new Set(live.map((row) => row.reference)));
    for (const wrong of ["owner-feed-secreT.ics", "x.ics", `${SECRETS.CALENDAR_FEED_SECRET}`, ""]) {
      expect((await getJson(`${booking.server.url}/api/calendar/${wrong}`)).status).toBe(404);
    }
  });

  it("refuses a tampered link with 403 and an expired one with 410", async () => {
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await getJson(`${booking.server.url}/api/booking?token=${tampered}`)).status).toBe(403);
    const expired = bookingToken(SECRETS.BOOKING_LINK_SECRET, reference, Date.now() - 1000);
    expect((await getJson(`${booking.server.url}/api/booking?token=${expired}`)).status).toBe(410);
    const other = bookingToken("another-servers-link-secret", reference, Date.now() + 60_000);
    expect((await getJson(`${booking.server.url}/api/booking?token=${other}`)).status).toBe(403);
  });

  it("is held until it is confirmed with the link in its e-mail", async () => {
    const before = (await getJson(`${booking.server.url}/api/booking?token=${token}`)).body as Record<string, string>;
    expect(before).toMatchObject({ reference, status: "pending" });
    // The hold ends at a time set when it was made.
    expect(before.confirmBy! > new Date().toISOString()).toBe(true);
    const confirm = () => postJson(`${booking.server.url}/api/booking`, { token, action: "confirm" });
    const [first, repeat] = await Promise.all([confirm(), confirm()]);
    expect(body(first)).toMatchObject({ reference, status: "booked", confirmBy: null });
    expect(body(repeat)).toMatchObject({ reference, status: "booked" });
  });

  it("refuses a move to a taken time and keeps its own time", async () => {
    const taken = booking.nextStart();
    await occupy(booking.server, taken, 1, 60);
    await inspectorTwoBusy(taken);
    const refused = await postJson(`${booking.server.url}/api/booking`, { token, action: "move", start: taken });
    expect(refused.status).toBe(409);
    expect(body(refused).starts).not.toContain(taken);
    // Its own time is still held: with inspector 2 busy too, nobody else can book it.
    expect(await openStartsOf(booking.server.url, SHORT_JOB)).not.toContain(start);
    expect((await book(booking.server.url, start)).status).toBe(409);
  });

  it("moves to another open time, which frees the first at once", async () => {
    const later = booking.nextStart();
    await inspectorTwoBusy(later);
    expect(await openStartsOf(booking.server.url, SHORT_JOB)).not.toContain(start);
    const moved = await postJson(`${booking.server.url}/api/booking`, { token, action: "move", start: later });
    expect(moved.status).toBe(200);
    expect(body(moved)).toMatchObject({ reference, start: later, status: "booked" });
    // The visitor is sent the new time with the invite updated: the same event, a higher SEQUENCE.
    await waitFor("the e-mail of the move", () =>
      booking.mailbox.messages.some(
        (message) =>
          message.to[0] === "booker@example.com" && bodyText(message.raw).includes("Subject: Your inspection is moved"),
      ),
    );
    const movedRaw = booking.mailbox.messages.find(
      (message) =>
        message.to[0] === "booker@example.com" && bodyText(message.raw).includes("Subject: Your inspection is moved"),
    )!.raw;
    const movedMail = bodyText(movedRaw);
    const [event] = eventsOf(calendarIn(movedRaw));
    expect(event!.uid).toBe(reference);
    expect(event!.sequence).toBeGreaterThan(0);
    expect(event!.startDate.toJSDate().getTime()).toBe(Date.parse(later));
    expect(/\/booking\?token=([A-Za-z0-9._-]+)/.test(movedMail)).toBe(true);
    const open = await openStartsOf(booking.server.url, SHORT_JOB);
    expect(open).toContain(start);
    expect(open).not.toContain(later);
    start = later;
    // A repeat of the same move changes nothing.
    expect((await postJson(`${booking.server.url}/api/booking`, { token, action: "move", start: later })).status).toBe(
      200,
    );
  });

  it("cancels, once however often asked; the business hears of it once; its time can be booked again", async () => {
    const cancel = () => postJson(`${booking.server.url}/api/booking`, { token, action: "cancel" });
    const [first, repeat] = await Promise.all([cancel(), cancel()]);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(body(first)).toMatchObject({ reference, status: "cancelled" });
    expect(await openStartsOf(booking.server.url, SHORT_JOB)).toContain(start);
    const rebooked = await book(booking.server.url, start);
    expect(rebooked.status).toBe(201);
    await waitFor("the business to hear of the cancellation", () =>
      booking.mailbox.messages.some((message) => bodyText(message.raw).includes(`Booking ${reference}: cancelled`)),
    );
    expect(
      booking.mailbox.messages.filter((message) => bodyText(message.raw).includes(`Booking ${reference}: cancelled`)),
    ).toHaveLength(1);
  });
});

it("refuses a start the owner's hours do not offer with 400 and the open times", async () => {
  const [first] = await openStartsOf(booking.server.url, SHORT_JOB);
  const offGrid = new Date(Date.parse(first!) + 10 * 60_000).toISOString().replace(".000Z", "Z");
  const answer = await book(booking.server.url, offGrid);
  expect(answer.status).toBe(400);
  expect((body(answer).starts as string[]).length).toBeGreaterThan(0);
});

describe("dates as dates", () => {
  const job = new URLSearchParams({
    mainInspection: "none",
    addOns: "radon",
    waterPackages: "",
    squareFeet: "2100",
    county: "Anne Arundel",
  });
  it("answers a month outside the booking window at once with no open time, and a malformed one 400", async () => {
    for (const month of ["9999-12", "0000-01", "1999-01"]) {
      const answer = await getJson(`${booking.server.url}/api/availability/${month}?${job}`);
      expect(answer.status).toBe(200);
      expect((answer.body as { starts: string[] }).starts).toEqual([]);
    }
    for (const month of ["+275760-09", "2026-13", "99999-01", "2026-1"]) {
      expect((await getJson(`${booking.server.url}/api/availability/${encodeURIComponent(month)}?${job}`)).status).toBe(
        400,
      );
    }
  });

  it("refuses a start in any year outside the window with 400, never 500", async () => {
    for (const start of [
      "0000-01-01T10:00:00Z",
      "+275760-09-13T00:00:00Z",
      "9999-12-31T23:59:59Z",
      "-000001-01-01T00:00:00Z",
    ]) {
      const answer = await book(booking.server.url, start);
      expect([start, answer.status]).toEqual([start, 400]);
    }
  });
});
