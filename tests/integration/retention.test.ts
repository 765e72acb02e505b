/**
 * The daily retention pass with the clock moved past each period of content/privacy.yaml, on
 * PGlite and on a real PostgreSQL server: exactly the records whose period is over go, with
 * their e-mails, invites, bookings and changes; everything else is left as it was; the pass runs
 * once a day; and what it records is counts, nothing about anyone.
 */
import { instantOf, MARYLAND } from "../../src/lib/maryland-time/local-time";
import { retention } from "../../src/features/privacy/shared/declaration";
import { insertBooking, type BookingStatus } from "../../src/features/booking/server/booking-queries";
import { database, type Database } from "../../src/lib/server/db/database";
import { keptAbout } from "../../src/features/privacy/server/kept-about";
import { insertLinkAsk, retentionRuns } from "../../src/features/privacy/server/privacy-queries";
import { insertDeliveries, insertRequest } from "../../src/lib/server/mail/outbox";
import { goesOn, periodsOf } from "../../src/features/privacy/server/due-days";
import { describeKept } from "../../src/features/privacy/server/kept-data";
import { enforceRetention } from "../../src/features/privacy/server/retention";
import { blockDatabase, engines } from "../support/database-engines";
import { newDataDir } from "../support/embedded-database";

const DAY_MS = 24 * 60 * 60 * 1000;
/** When everything below arrives: a fixed instant, so the periods fall on known days. */
const T0 = Date.parse("2027-03-10T15:00:00Z");
const at = (ms: number) => new Date(ms).toISOString();
/** Noon of a Maryland day (YYYY-MM-DD): when a test runs that day's pass. */
const noonOn = (day: string) => new Date(instantOf(day, "12:00", MARYLAND)!);
const PERIODS = periodsOf(retention);

let made = 0;
/** A request of `kind` received at `received`, with an e-mail to the business and one to the visitor. */
async function request(db: Database, kind: string, received: number, record: Record<string, unknown> = {}) {
  made += 1;
  const reference = `T-20270310-${String(made).padStart(4, "0")}`;
  await insertRequest(db, {
    kind,
    reference,
    receivedAt: at(received),
    record,
    answer: { status: 201, body: {} },
    idempotencyKey: null,
    fingerprint: null,
  });
  const mail = (to: string) => ({ to, subject: `About ${reference}`, text: "body", calendar: "BEGIN:VCALENDAR" });
  await insertDeliveries(
    db,
    reference,
    [
      {
        message: "business",
        mailbox: "office@example.com",
        from: "site@example.com",
        mail: mail("office@example.com"),
        transport: "local",
      },
      {
        message: "confirmation",
        mailbox: `v${made}@example.com`,
        from: "site@example.com",
        mail: mail(`v${made}@example.com`),
        transport: "local",
      },
    ],
    at(received),
  );
  return reference;
}

/** A schedule request (`record`, stored as is) with a booking of `status` whose visit starts at `start`. */
async function booking(
  db: Database,
  received: number,
  start: number,
  status: BookingStatus,
  record: Record<string, unknown> = {},
) {
  const reference = await request(db, "schedule-requests", received, record);
  await insertBooking(db, {
    reference,
    inspector: 1 + (made % 50),
    start: at(start),
    onSiteMinutes: 60,
    from: start,
    to: start + 2 * 60 * 60 * 1000,
    status,
    confirmBy: null,
    confirmWithinMinutes: 60,
    mailbox: `v${made}@example.com`,
    phone: `(410) 555-${String(made).padStart(4, "0")}`,
    property: `${made} Main Street`,
    job: { mainInspection: "none", addOns: ["radon"], waterPackages: [], squareFeet: 2000, county: "Anne Arundel" },
    ownerEvent: { summary: "s", description: "d", location: "l" },
    createdAt: at(received),
  });
  return reference;
}

describe.each(engines)("on %s", (_name, open) => {
  const db = blockDatabase(open);

  const remaining = async (table: "requests" | "deliveries" | "bookings") =>
    (await db.query<{ reference: string }>(`SELECT DISTINCT reference FROM ${table} ORDER BY reference`)).map(
      (row) => row.reference,
    );
  const sorted = (references: string[]) => [...references].sort();

  it("deletes exactly what each period has ended for, with its e-mails and booking, and records only counts", async () => {
    const later = T0 + 200 * DAY_MS;
    const visit = T0 + 30 * DAY_MS;
    const laterVisit = later + 30 * DAY_MS;
    const message = await request(db, "contact-messages", T0, { type: "contact", message: { email: "m@example.com" } });
    const laterMessage = await request(db, "contact-messages", later);
    const callBack = await request(db, "schedule-requests", T0);
    const laterCallBack = await request(db, "schedule-requests", later);
    const expired = await booking(db, T0, visit + DAY_MS, "expired");
    const cancelled = await booking(db, T0, visit + 2 * DAY_MS, "cancelled");
    const booked = await booking(db, T0, visit, "booked");
    const bookedChange = await request(db, "booking-changes", T0 + DAY_MS, { type: "booking-change", booking: booked });
    const cancelledChange = await request(db, "booking-changes", T0 + DAY_MS, { booking: cancelled });
    const laterBooked = await booking(db, later, laterVisit, "booked");
    const dataRequest = await request(db, "data-requests", T0, { type: "data-request", mailbox: "m@example.com" });
    await insertLinkAsk(db, { mailbox: "m@example.com", client: "127.0.0.1", at: at(T0), reference: dataRequest });
    const everything = await remaining("requests");

    // Nothing is due the next day; the pass runs once that day, however often it is called.
    expect(await enforceRetention(db, new Date(T0 + DAY_MS), retention, null)).toMatchObject({
      contactMessages: 0,
      requestsNotBooked: 0,
      bookings: 0,
      bookingChanges: 0,
      dataRequests: 0,
    });
    expect(await enforceRetention(db, new Date(T0 + DAY_MS + 60_000), retention, null)).toBeNull();
    expect(await remaining("requests")).toEqual(everything);

    // The ask for a link is only read for the day's limits: it goes after two days.
    expect(await enforceRetention(db, new Date(T0 + 3 * DAY_MS), retention, null)).toMatchObject({ linkAsks: 1 });

    // On the day the shortest periods end (1 year by default): the message, the requests that never became
    // a visit (with the cancelled one's change) and the data request go; the later ones and the booking stay.
    const yearOn = noonOn(goesOn(T0, PERIODS.contactMessages)).getTime();
    expect(retention.requestsNotBookedYears).toBe(retention.contactMessagesYears);
    expect(retention.dataRequestsYears).toBe(retention.contactMessagesYears);
    expect(later + DAY_MS).toBeLessThan(yearOn);
    expect(await enforceRetention(db, new Date(yearOn), retention, null)).toEqual({
      contactMessages: 1,
      requestsNotBooked: 3,
      bookings: 0,
      bookingChanges: 1,
      dataRequests: 1,
      signedAgreements: 0,
      linkAsks: 0,
      deskSignIns: 0,
      reports: 0,
    });
    const gone = [message, callBack, expired, cancelled, cancelledChange, dataRequest];
    const kept = everything.filter((reference) => !gone.includes(reference));
    expect(await remaining("requests")).toEqual(sorted(kept));
    expect(await remaining("deliveries")).toEqual(sorted(kept));
    expect(await remaining("bookings")).toEqual(sorted([booked, laterBooked]));
    expect(kept).toEqual(expect.arrayContaining([laterMessage, laterCallBack, booked, bookedChange, laterBooked]));

    // The day before the booking's period ends, it stays; that day, it goes with its change and e-mails.
    const bookingDue = noonOn(goesOn(visit, PERIODS.bookings)).getTime();
    expect(await enforceRetention(db, new Date(bookingDue - DAY_MS), retention, null)).toMatchObject({ bookings: 0 });
    expect(await remaining("bookings")).toEqual(sorted([booked, laterBooked]));
    expect(await enforceRetention(db, new Date(bookingDue), retention, null)).toMatchObject({
      bookings: 1,
      bookingChanges: 1,
    });
    expect(await remaining("bookings")).toEqual([laterBooked]);
    expect(await remaining("requests")).toEqual([laterBooked]);
    expect(await remaining("deliveries")).toEqual([laterBooked]);

    // Each run is one day's row with counts only: no reference, address or name.
    const runs = await retentionRuns(db);
    expect(runs).toHaveLength(5);
    for (const run of runs) {
      expect(Object.values(run.deleted).every((value) => typeof value === "number")).toBe(true);
    }
  });

  it("keeps a signed agreement after its booking goes, until its own period from the report's delivery ends", async () => {
    const visit = T0 + 400 * DAY_MS;
    const signed = await booking(db, T0 + 380 * DAY_MS, visit, "booked");
    await db.query(
      `INSERT INTO agreements (booking, terms, version, body, body_sha256, signer_name, signed_at)
       VALUES ($1, 't', 'v1', 'the text', 'hash', 'Sam Signer', $2)`,
      [signed, at(T0 + 381 * DAY_MS)],
    );
    const agreements = async () =>
      (await db.query<{ booking: string }>("SELECT booking FROM agreements WHERE booking = $1", [signed])).length;

    // The booking's period ends first: it goes, and the database keeps the visit the agreement counts from.
    const bookingDue = noonOn(goesOn(visit, PERIODS.bookings)).getTime();
    expect(await enforceRetention(db, new Date(bookingDue), retention, null)).toMatchObject({ signedAgreements: 0 });
    expect(await remaining("bookings")).not.toContain(signed);
    expect(await agreements()).toBe(1);
    const [kept] = await db.query<{ visit_at: Date }>("SELECT visit_at FROM agreement_visits WHERE booking = $1", [
      signed,
    ]);
    expect(new Date(kept!.visit_at).toISOString()).toBe(at(visit));

    // Counted from a month after the visit (the report's delivery at the latest): kept the day before, gone that day.
    const agreementDue = noonOn(goesOn(visit, PERIODS.signedAgreements)).getTime();
    expect(retention.signedAgreementsYears).toBeGreaterThanOrEqual(5);
    expect(await enforceRetention(db, new Date(agreementDue - DAY_MS), retention, null)).toMatchObject({
      signedAgreements: 0,
    });
    expect(await agreements()).toBe(1);
    expect(await enforceRetention(db, new Date(agreementDue), retention, null)).toMatchObject({
      signedAgreements: 1,
    });
    expect(await agreements()).toBe(0);
    expect(await db.query("SELECT 1 FROM agreement_visits WHERE booking = $1", [signed])).toHaveLength(0);
  });

  it("deletes each record on the day its data page said, for a visit on 31 January and one on 29 February", async () => {
    const mailbox = "leap.client@example.com";
    const record = { type: "schedule", request: { email: mailbox } };
    // Days later than the other tests' passes, each pass run on a day of its own.
    const january = instantOf("2040-01-31", "10:00", MARYLAND)!;
    const leapDay = instantOf("2040-02-29", "10:00", MARYLAND)!;
    const signed = await booking(db, january - 20 * DAY_MS, january, "booked", record);
    const leap = await booking(db, leapDay - 20 * DAY_MS, leapDay, "booked", record);
    // The holder's mailbox, by which the page finds the agreement once its booking has gone.
    await db.query("UPDATE bookings SET mailbox = $1 WHERE reference = ANY($2::text[])", [mailbox, [signed, leap]]);
    await db.query(
      `INSERT INTO agreements (booking, terms, version, body, body_sha256, signer_name, signed_at)
       VALUES ($1, 't', 'v1', 'the text', 'hash', 'Lee Client', $2)`,
      [signed, at(january - 10 * DAY_MS)],
    );
    /** The day the data page says each record goes, read as the page reads it. */
    const pageSays = async () => {
      const page = describeKept(mailbox, await keptAbout(db, mailbox), january, retention);
      return (reference: string, what: RegExp) =>
        page.items.find((item) => item.reference === reference && what.test(item.what))?.goesOn;
    };
    const goes = await pageSays();
    const days = {
      january: goes(signed, /^Booking/)!,
      leapDay: goes(leap, /^Booking/)!,
      agreement: goes(signed, /agreement/)!,
    };
    // The page's days, as date-fns counts on Maryland's calendar: a month after 31 January is the end
    // of February, and a year after 29 February is 28 February.
    expect(days).toEqual({ january: "2043-01-31", leapDay: "2043-02-28", agreement: "2045-02-28" });

    const kept = async (table: "bookings" | "agreements", reference: string) =>
      (
        await db.query(`SELECT 1 FROM ${table} WHERE ${table === "bookings" ? "reference" : "booking"} = $1`, [
          reference,
        ])
      ).length === 1;
    for (const [day, table, reference] of [
      [days.january, "bookings", signed],
      [days.leapDay, "bookings", leap],
      [days.agreement, "agreements", signed],
    ] as const) {
      await enforceRetention(db, new Date(noonOn(day).getTime() - DAY_MS), retention, null);
      expect({ day, kept: await kept(table, reference) }).toEqual({ day, kept: true });
      // Once the booking has gone, the page still gives its agreement the same day.
      if (table === "agreements") expect((await pageSays())(signed, /agreement/)).toBe(day);
      await enforceRetention(db, noonOn(day), retention, null);
      expect({ day, kept: await kept(table, reference) }).toEqual({ day, kept: false });
    }
  });
});

describe("the scheduled function on Netlify", () => {
  it("reads the periods from content/privacy.yaml and runs the day's pass once", async () => {
    const env = { DATA_DIR: await newDataDir("retention-netlify-") };
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = env.DATA_DIR;
    try {
      const { default: run } = await import("../../netlify/functions/enforce-retention.mjs");
      expect(await (await run()).text()).toMatch(/^Deleted: \{"contactMessages":0,/);
      expect(await (await run()).text()).toBe("Today's pass had already run.");
    } finally {
      process.env.DATA_DIR = saved;
      await (await database(env)).close();
    }
  });
});
