/**
 * The reminders before a visit, on one real PostgreSQL server reached by two connection pools as
 * two server processes reach it, with the clock moved by passing `now`: each reminder is stored
 * and mailed exactly once however many passes run at once, and after a restart; a moved booking
 * is reminded again at its new time; a cancelled one never; a signed one tells the owner nothing;
 * and nothing goes until the booking's own e-mail has been out a day.
 */
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { availability } from "../../src/lib/content/business-data";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import { sendDueReminders } from "../../src/features/reminders/server/reminders";
import { insertAgreement } from "../../src/features/signed-agreements/server/agreement-queries";
import { filledAgreement } from "../../src/features/agreement/server/agreement";
import { findBooking, moveBooking, setStatus } from "../../src/features/booking/server/booking-queries";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { storeConfirmedBooking } from "../support/stored-booking";

const HOUR = 60 * 60 * 1000;
const { beforeVisitHours, unsignedOwnerAlertHours } = availability.reminders;
const ENV = { BOOKING_LINK_SECRET: "reminder-test-secret", MAIL_TO: "owner@example.com" };

let postgres: PostgresServer;
let first: Database;
let second: Database;
beforeAll(async () => {
  postgres = await startPostgres();
  [first, second] = await Promise.all([
    openDatabase({ DATABASE_URL: postgres.url }),
    openDatabase({ DATABASE_URL: postgres.url }),
  ]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await postgres?.stop();
});

let made = 0;
/**
 * A confirmed booking at `start` (ms), as the schedule request stores it; an agent who booked when
 * asked; made at `createdAt` (ms), long before the passes' clock unless given.
 */
async function booked(start: number, agent = false, createdAt?: number): Promise<string> {
  made += 1;
  const reference = `SR-20300101-R${made}`;
  const request = {
    mainInspection: "residential",
    addOns: ["radon"],
    waterPackages: [],
    name: `Rita Client ${made}`,
    email: `rita${made}@example.com`,
    phone: "(410) 555-0101",
    street: `${made} Reminder Road`,
    city: "Annapolis",
    zip: "21403",
    ...(agent ? { bookedByAgent: BOOKED_BY_AGENT, agentName: "Al Agent", agentEmail: "al@example.com" } : {}),
  };
  await storeConfirmedBooking(first, {
    reference,
    inspector: made,
    start,
    onSiteMinutes: 180,
    heldHours: 4,
    request,
    total: 600,
    squareFeet: 2000,
    createdAt,
  });
  return reference;
}

/** Both "servers" run a pass at the same moment; returns how many reminders they sent together. */
const bothPass = async (now: number) =>
  (await Promise.all([first, second].map((db) => sendDueReminders(db, new Date(now), ENV)))).reduce((a, b) => a + b);

const remindersOf = (reference: string) =>
  first.query<{ message: string; mail: { to: string; text: string } }>(
    "SELECT message, mail FROM deliveries WHERE reference = $1 AND message LIKE 'reminder-%' ORDER BY message",
    [reference],
  );

const start = Date.UTC(2030, 5, 3, 14); // 10:00 in Maryland

it("sends each reminder once across two servers and a restart, at the new time after a move, never after a cancel", async () => {
  const moved = await booked(start, true);
  const cancelled = await booked(start + HOUR / 2);
  const signed = await booked(start + HOUR / 2);
  const signedBooking = (await findBooking(first, signed))!;
  await insertAgreement(
    first,
    {
      booking: signed,
      terms: filledAgreement(signedBooking).terms,
      version: "test",
      body: "text",
      bodySha256: "hash",
      signerName: "Rita Signer",
      signedAt: new Date(start - 100 * HOUR).toISOString(),
      clientAddress: null,
      userAgent: null,
      clientName: "Rita Signer",
    },
    null,
  );
  await setStatus(first, cancelled, "cancelled", new Date().toISOString());

  // Not yet due.
  expect(await bothPass(start - (beforeVisitHours + 1) * HOUR)).toBe(0);

  // Due: the two confirmed bookings, each once although both servers ran at once, many times.
  const due = start - (beforeVisitHours - 1) * HOUR;
  const counts = await Promise.all(Array.from({ length: 5 }, () => bothPass(due)));
  expect(counts.reduce((a, b) => a + b)).toBe(2);
  const movedMails = await remindersOf(moved);
  expect(movedMails.map((row) => row.message.replace(/-\d{4}-.*Z-/, "-<start>-"))).toEqual([
    "reminder-visit-<start>-agent",
    "reminder-visit-<start>-client",
  ]);
  const [agentMail, clientMail] = movedMails.map((row) => row.mail);
  expect(clientMail!.to).toBe("rita1@example.com");
  expect(clientMail!.text).toMatch(/\/agreement\?token=/);
  expect(clientMail!.text).toMatch(/\/booking\?token=/);
  expect(clientMail!.text).toContain("1 Reminder Road");
  expect(clientMail!.text).toContain("attic");
  expect(agentMail!.to).toBe("al@example.com");
  expect(agentMail!.text).not.toMatch(/\/agreement\?token=/);
  const signedMails = await remindersOf(signed);
  expect(signedMails).toHaveLength(1);
  expect(signedMails[0]!.mail.text).not.toMatch(/\/agreement\?token=/);
  expect(await remindersOf(cancelled)).toHaveLength(0);

  // A restart: a fresh connection pool finds them sent.
  await first.close();
  first = await openDatabase({ DATABASE_URL: postgres.url });
  expect(await bothPass(due + HOUR)).toBe(0);

  // A day before: the owner hears of the unsigned booking, once; not of the signed one.
  const alert = start - (unsignedOwnerAlertHours - 1) * HOUR;
  expect(await bothPass(alert)).toBe(1);
  expect(await bothPass(alert)).toBe(0);
  const ownerMails = (await remindersOf(moved)).filter((row) => row.message.startsWith("reminder-unsigned"));
  expect(ownerMails).toHaveLength(1);
  expect(ownerMails[0]!.mail.to).toBe("owner@example.com");

  // Moved three days later: reminded again at the new time, not before.
  const later = start + 72 * HOUR;
  await moveBooking(
    first,
    moved,
    { inspector: 1, start: new Date(later).toISOString(), from: later, to: later + 4 * HOUR },
    (await findBooking(first, moved))!.sequence,
    new Date().toISOString(),
  );
  expect(await bothPass(later - (beforeVisitHours + 1) * HOUR)).toBe(0);
  expect(await bothPass(later - (beforeVisitHours - 1) * HOUR)).toBe(1);
  expect(await bothPass(later - (beforeVisitHours - 2) * HOUR)).toBe(0);
  expect((await remindersOf(moved)).filter((row) => row.message.endsWith("-client"))).toHaveLength(2);
  expect(await remindersOf(cancelled)).toHaveLength(0);
});

it("sends no reminder and no unsigned alert until the booking's own e-mail has been out a day", async () => {
  const messages = async (reference: string) =>
    (await remindersOf(reference)).map((row) => row.message.replace(/-\d{4}-.*Z-/, "-<start>-"));

  // Booked 10 hours before its visit: its booking e-mail is its reminder, and the office was just told of it.
  const visit = start + 20 * 24 * HOUR;
  const sameDay = await booked(visit, false, visit - 10 * HOUR);
  // Inside both windows (the reminder's and the unsigned alert's), and after the visit has begun.
  for (const hoursBefore of [9, 1, 0]) await bothPass(visit - hoursBefore * HOUR);
  expect(await messages(sameDay)).toEqual([]);

  // Booked 30 hours before its visit: nothing while its e-mail is younger than a day, then both at once.
  const later = start + 25 * 24 * HOUR;
  const dayAndAHalf = await booked(later, false, later - 30 * HOUR);
  await bothPass(later - 23 * HOUR);
  await bothPass(later - 6 * HOUR - 1);
  expect(await messages(dayAndAHalf)).toEqual([]);
  await bothPass(later - 6 * HOUR);
  expect(await messages(dayAndAHalf)).toEqual(["reminder-unsigned-<start>-business", "reminder-visit-<start>-client"]);
  const [alert, reminder] = (await remindersOf(dayAndAHalf)).map((row) => row.mail);
  expect(alert!.to).toBe("owner@example.com");
  expect(alert!.text).toContain(`The inspection agreement of booking ${dayAndAHalf} is not signed`);
  expect(reminder!.to).toBe(`rita${made}@example.com`);
  expect(reminder!.text).toContain(`A reminder of inspection ${dayAndAHalf}:`);
  expect(await bothPass(later - 5 * HOUR)).toBe(0);
});
