/**
 * The office books a caller on the desk, against the built site under the production server, on
 * PGlite and on a real PostgreSQL server, with a real SMTP server on loopback: confirmed as it is
 * made, the client told once with a confirmed invite, once per Idempotency-Key; knowingly outside
 * the hours, never over a booking or time off; refused without a session or from another origin.
 * (The office's booking racing visitors' on two servers is in desk.test.ts, beside time off's.)
 */
import { randomUUID } from "node:crypto";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { withDatabase } from "../../src/serve/database-access";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { desk, DESK_SECRETS, deskEngines, deskGet, mailsTo, OFFICE, signIn, visitors } from "../support/desk-client";

const { book } = visitors("caller-visitor");

let caller = 0;
/** A caller's booking as the office types it on the desk: the schedule form's fields. */
function callerRequest(start: string, outsideHours = false) {
  caller += 1;
  return {
    ...bookingRequest(start, {
      ...SHORT_JOB,
      email: `caller${caller}@example.com`,
      phone: `(443) 555-${String(caller).padStart(4, "0")}`,
      street: `${caller} Caller Lane`,
      agentName: "",
      agentEmail: "",
    }),
    outsideHours: outsideHours ? "yes" : "",
  };
}

/** A wall time on a start's day in Maryland, with that day's offset: 20:30 is after every closing. */
const sameDayAt = (start: string, time: string) => `${start.slice(0, 10)}T${time}:00${start.slice(19)}`;

const bookCaller = (url: string, body: object, cookie?: string, origin?: string | null, key = randomUUID()) =>
  desk(url, "book", body, cookie, origin, { "Idempotency-Key": key });

describe.each(deskEngines)("booking a caller on the desk on %s", (_name, setup) => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stopEngine: () => Promise<void>;
  let env: Record<string, string>;
  let starts: string[];
  let cookie: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    ({ env, stop: stopEngine } = await setup());
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...env });
    starts = await openStartsOf(server.url, SHORT_JOB);
    cookie = await signIn(server.url, mailbox);
  });
  afterAll(async () => {
    await server?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });
  const rowOf = async (reference: string) =>
    withDatabase(
      async (db) =>
        (
          await db.query<{ status: string; confirm_by: Date | null; start_at: Date }>(
            "SELECT status, confirm_by, start_at FROM bookings WHERE reference = $1",
            [reference],
          )
        )[0],
      { ...process.env, DATA_DIR: server.dataDir, ...env },
    );

  it("is refused without a session and from another origin, and books nothing", async () => {
    const start = starts[0]!;
    expect((await bookCaller(server.url, callerRequest(start))).status).toBe(401);
    expect((await bookCaller(server.url, callerRequest(start), cookie, "https://evil.example")).status).toBe(403);
    expect((await bookCaller(server.url, callerRequest(start), cookie, null)).status).toBe(403);
    const count = await withDatabase(
      async (db) => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bookings"))[0]!.n,
      { ...process.env, DATA_DIR: server.dataDir, ...env },
    );
    expect(count).toBe(0);
  });

  it("books an open time confirmed at once; the client is told once with a confirmed invite and the links; a retry books nothing more", async () => {
    const start = starts.shift()!;
    const body = callerRequest(start);
    const key = randomUUID();
    const first = await bookCaller(server.url, body, cookie, undefined, key);
    expect(first.status).toBe(201);
    const answer = JSON.parse(first.body) as { reference: string; booking: { status: string; start: string } };
    expect(answer.booking).toMatchObject({ status: "booked", start });
    const again = await bookCaller(server.url, body, cookie, undefined, key);
    expect(again.status).toBe(201);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(await rowOf(answer.reference)).toMatchObject({ status: "booked", confirm_by: null });

    const email = `caller${caller}@example.com`;
    await waitFor("the client's e-mail", () => mailsTo(mailbox, email, /Your inspection is booked/).length >= 1);
    await waitFor("the office's e-mail", () => mailsTo(mailbox, OFFICE, new RegExp(answer.reference)).length >= 1);
    const client = mailsTo(mailbox, email, /Your inspection is booked/);
    expect(client).toHaveLength(1);
    const text = bodyText(client[0]!.raw);
    expect(text).toMatch(/as agreed with us on the phone/);
    expect(text).toMatch(/STATUS:CONFIRMED/);
    expect(text).toMatch(/To cancel or move it, until \d+ hours before it starts:/);
    expect(text).toMatch(/\/agreement\?/);
    expect(text).not.toMatch(/Keep this time/);
    const office = mailsTo(mailbox, OFFICE, new RegExp(answer.reference));
    expect(office).toHaveLength(1);
    expect(bodyText(office[0]!.raw)).toMatch(`Booked on the desk by ${OFFICE} for a caller, and confirmed.`);

    const days = JSON.parse((await deskGet(server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie)).body) as {
      items: Array<{ reference: string; standing: string }>;
    };
    expect(days.items.find((item) => item.reference === answer.reference)?.standing).toBe("confirmed");
  });

  it("books a time outside the hours only when told to, and never over a booking or time off", async () => {
    const day = starts.shift()!;
    starts = starts.filter((at) => !at.startsWith(day.slice(0, 10)));
    const evening = sameDayAt(day, "20:30");

    const unasked = await bookCaller(server.url, callerRequest(evening), cookie);
    expect(unasked.status).toBe(400);
    expect(JSON.parse(unasked.body).error).toBe(
      "This time is not one offered for this inspection: choose one of the open times, or book it outside the hours.",
    );
    const past = await bookCaller(server.url, callerRequest("2020-03-02T20:30:00-05:00", true), cookie);
    expect(past.status).toBe(400);

    const outside = await bookCaller(server.url, callerRequest(evening, true), cookie);
    expect(outside.status).toBe(201);
    const { reference } = JSON.parse(outside.body) as { reference: string };
    expect((await rowOf(reference))?.status).toBe("booked");
    await waitFor("the office's e-mail", () => mailsTo(mailbox, OFFICE, new RegExp(reference)).length === 1);
    expect(bodyText(mailsTo(mailbox, OFFICE, new RegExp(reference))[0]!.raw)).toMatch(
      "The time is outside the hours the site offers.",
    );

    // Both inspectors are booked at the evening time now: one by that caller, one by another.
    expect((await bookCaller(server.url, callerRequest(evening, true), cookie)).status).toBe(201);
    const over = await bookCaller(server.url, callerRequest(sameDayAt(day, "20:45"), true), cookie);
    expect(over.status).toBe(409);
    expect(JSON.parse(over.body).error).toBe(
      "No inspector is free at that time: a booking or time off holds it. Choose another time.",
    );

    // Time off for everyone on another evening: a caller's booking in it is refused.
    const offDay = starts.shift()!;
    starts = starts.filter((at) => !at.startsWith(offDay.slice(0, 10)));
    const date = offDay.slice(0, 10);
    const off = await desk(
      server.url,
      "time-off",
      { inspector: "all", from: `${date}T19:00`, to: `${date}T23:00` },
      cookie,
    );
    expect(off.status).toBe(200);
    expect((await bookCaller(server.url, callerRequest(sameDayAt(offDay, "20:30"), true), cookie)).status).toBe(409);
  });

  it("moves a visitor's booking outside the hours only when told to", async () => {
    const start = starts.shift()!;
    const { reference } = JSON.parse((await book(server.url, start)).body) as { reference: string };
    const target = starts.find((at) => at.slice(0, 10) > start.slice(0, 10))!;
    starts = starts.filter((at) => !at.startsWith(target.slice(0, 10)));
    const evening = sameDayAt(target, "20:30");
    expect((await desk(server.url, "move", { reference, start: evening }, cookie)).status).toBe(400);
    const moved = await desk(server.url, "move", { reference, start: evening, outsideHours: true }, cookie);
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toMatchObject({ start: evening });
    expect((await rowOf(reference))?.start_at.getTime()).toBe(Date.parse(evening));
  });
});
