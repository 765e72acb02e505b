/**
 * What the client, the agent who booked and the office are told as a booking changes from its link, against
 * the built site with a real SMTP server: each confirmation, move and cancellation reaches both visitors once,
 * the invite (read by ical.js) one event at a rising SEQUENCE (TENTATIVE, CONFIRMED, moved, CANCEL) with the
 * address as LOCATION. The office hears of the confirmation once; the cancellation gives the schedule page's
 * full link.
 */
import { randomUUID } from "node:crypto";
import type ICAL from "ical.js";
import { withDatabase } from "../../src/serve/database-access";
import { postJson } from "../support/function-server";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import { attendeesOf, inviteMailTo, methodOf, partMethodOf } from "../support/invite";
import { bookingServerForTests } from "../support/booking-server";
import { bodyText, waitFor } from "../support/mailbox";
import { decodeHeaderText, headerFields } from "../support/mime-header";
import { readSiteContent } from "../../src/build-time/content-files";

const SECRETS = { BOOKING_LINK_SECRET: "a-test-secret-for-notices", CALENDAR_FEED_SECRET: "owner-feed-secret" };
const CLIENT = "casey.notice@example.com";
const AGENT = "al.notice@example.com";
const ADDRESS = "41 Notice Road, Annapolis, MD 21403";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The business's mailbox, where its e-mails go without MAIL_TO. */
const OFFICE = readSiteContent().email;

const booking = bookingServerForTests(SECRETS);

const mailTo = (to: string, subject: string) => inviteMailTo(booking.mailbox, to, subject);

const subjectOf = (raw: string) =>
  decodeHeaderText(headerFields(raw).find((field) => field.name.toLowerCase() === "subject")?.value ?? "");

/** The e-mails the office got whose subject starts so. */
const officeMails = (subject: string) =>
  booking.mailbox.messages.filter(
    (message) => message.to.includes(OFFICE) && subjectOf(message.raw).startsWith(subject),
  );

/** An open start past the cut-off, so the booking may still be moved and cancelled online. */
function changeableStart(): string {
  let start = booking.nextStart();
  while (Date.parse(start) < Date.now() + 2 * DAY_MS) start = booking.nextStart();
  return start;
}

const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue("status");

it("tells the client and the agent of each confirmation, move and cancellation, updating one event in their calendars, and the office of the confirmation", async () => {
  const start = changeableStart();
  const booked = await postJson(
    `${booking.server.url}/api/schedule`,
    bookingRequest(start, {
      ...SHORT_JOB,
      name: "Casey Notice",
      email: CLIENT,
      phone: "(410) 555-7001",
      street: "41 Notice Road",
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Al Notice",
      agentEmail: AGENT,
      agentPhone: "(410) 555-7002",
    }),
    "127.0.70.1",
    { "Idempotency-Key": randomUUID() },
  );
  expect(booked.status).toBe(201);
  const { reference } = JSON.parse(booked.body) as { reference: string };

  // Held until confirmed: TENTATIVE, at the address.
  const held = await Promise.all([CLIENT, AGENT].map((to) => mailTo(to, "Please confirm your inspection")));
  for (const { event, raw, invite } of held) {
    expect(event.uid).toBe(reference);
    expect(statusOf(event)).toBe("TENTATIVE");
    expect(event.location).toBe(ADDRESS);
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(start));
    expect(methodOf(invite)).toBe("REQUEST");
    expect(partMethodOf(raw)).toBe("REQUEST");
    expect(attendeesOf(event)).toEqual([CLIENT, AGENT]);
    // The client's name and phone stay out of it.
    expect(invite).not.toMatch(/Casey Notice|555-7001/);
  }
  const token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(held[0]!.text)![1]!;
  const change = (body: Record<string, unknown>) => postJson(`${booking.server.url}/api/booking`, { token, ...body });

  expect((await change({ action: "confirm" })).status).toBe(200);
  // A repeat (a second click, a retry) is answered as the first and tells nobody again.
  expect((await change({ action: "confirm" })).status).toBe(200);
  const confirmed = await Promise.all([CLIENT, AGENT].map((to) => mailTo(to, "Your inspection is confirmed")));
  for (const [index, { event, text }] of confirmed.entries()) {
    expect(event.uid).toBe(reference);
    expect(statusOf(event)).toBe("CONFIRMED");
    expect(attendeesOf(event)).toEqual([CLIENT, AGENT]);
    expect(event.sequence).toBeGreaterThan(held[index]!.event.sequence);
    expect(event.location).toBe(ADDRESS);
    expect(text).toContain(reference);
  }
  // The office is told once, in its own mailbox alone, which held time was kept.
  const site = /(https?:\/\/[^\s/]+)\/booking\?token=/.exec(held[0]!.text)![1]!;
  const kept = `Booking ${reference}: confirmed by the visitor`;
  await waitFor("the office to hear of the confirmation", () => officeMails(kept).length > 0);
  expect(officeMails(kept)).toHaveLength(1);
  const [toOffice] = officeMails(kept);
  expect(toOffice!.to).toEqual([OFFICE]);
  expect(subjectOf(toOffice!.raw)).toMatch(new RegExp(`^${kept} \\(\\w+day, .+\\)$`));
  const officeText = bodyText(toOffice!.raw);
  expect(officeText).toContain(ADDRESS.split(",")[0]);
  expect(officeText).toMatch(new RegExp(`Open it on the desk: ${site}/desk\\?day=[\\d-]+&booking=${reference}`));

  const later = changeableStart();
  expect((await change({ action: "move", start: later })).status).toBe(200);
  const moved = await Promise.all([CLIENT, AGENT].map((to) => mailTo(to, "Your inspection is moved")));
  for (const [index, { event, text }] of moved.entries()) {
    expect(event.uid).toBe(reference);
    expect(statusOf(event)).toBe("CONFIRMED");
    expect(event.sequence).toBeGreaterThan(confirmed[index]!.event.sequence);
    expect(attendeesOf(event)).toEqual([CLIENT, AGENT]);
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(later));
    expect(event.location).toBe(ADDRESS);
    // A confirmed booking has nothing left to confirm.
    expect(text).toMatch(/To cancel or move it, until \d+ hours before it starts:/);
    expect(text).not.toMatch(/To confirm/);
  }

  expect((await change({ action: "cancel" })).status).toBe(200);
  const cancelled = await Promise.all([CLIENT, AGENT].map((to) => mailTo(to, "Your inspection is cancelled")));
  for (const [index, { event, invite, raw, text }] of cancelled.entries()) {
    // Where to book again: the schedule page, as a full link.
    expect(/^To book another time, choose one on our schedule page:\r?\n {2}(\S+)\r?$/m.exec(text)?.[1]).toBe(
      `${site}/schedule`,
    );
    expect(event.uid).toBe(reference);
    expect(methodOf(invite)).toBe("CANCEL");
    expect(partMethodOf(raw)).toBe("CANCEL");
    expect(statusOf(event)).toBe("CANCELLED");
    expect(attendeesOf(event)).toEqual([CLIENT, AGENT]);
    expect(event.sequence).toBeGreaterThan(moved[index]!.event.sequence);
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(later));
    expect(event.location).toBe(ADDRESS);
  }

  // A repeat of a change stores nothing more: each e-mail is one row of deliveries, sent once.
  expect((await change({ action: "cancel" })).status).toBe(200);
  expect((await change({ action: "confirm" })).status).toBe(409);
  expect(officeMails(kept)).toHaveLength(1);
  const storedMails = () =>
    withDatabase(
      (db) =>
        db.query<{ to: string; subject: string; state: string }>(
          `SELECT mail->>'to' AS to, mail->>'subject' AS subject, state FROM deliveries
           WHERE mail->>'to' IN ($1, $2) ORDER BY created_at, position`,
          [CLIENT, AGENT],
        ),
      { ...process.env, DATA_DIR: booking.server.dataDir },
    );
  // The sender marks an e-mail sent once the mail server has answered it.
  await waitFor("every e-mail marked sent", async () => (await storedMails()).every((row) => row.state === "sent"));
  const stored = await storedMails();
  expect(stored.map((row) => [row.to, row.subject.replace(/:.*/, ""), row.state])).toEqual(
    [
      "Please confirm your inspection",
      "Your inspection is confirmed",
      "Your inspection is moved",
      "Your inspection is cancelled",
    ].flatMap((subject) => [
      [CLIENT, subject, "sent"],
      [AGENT, subject, "sent"],
    ]),
  );

  // Those notices followed clicks on the client's and agent's own links: they leave the agent's
  // daily confirmations (3) to bookings, so the agent still gets the copy of two more today.
  for (const n of [1, 2]) {
    const another = await postJson(
      `${booking.server.url}/api/schedule`,
      bookingRequest(changeableStart(), {
        ...SHORT_JOB,
        name: `Client ${n}`,
        email: `client${n}.notice@example.com`,
        phone: `(410) 555-710${n}`,
        street: `${n} Other Road`,
        bookedByAgent: BOOKED_BY_AGENT,
        agentName: "Al Notice",
        agentEmail: AGENT,
        agentPhone: "(410) 555-7002",
      }),
      `127.0.70.${1 + n}`,
      { "Idempotency-Key": randomUUID() },
    );
    expect([n, another.status]).toEqual([n, 201]);
    const copies = await withDatabase(
      (db) =>
        db.query("SELECT 1 FROM deliveries WHERE reference = $1 AND message = 'agentConfirmation'", [
          (JSON.parse(another.body) as { reference: string }).reference,
        ]),
      { ...process.env, DATA_DIR: booking.server.dataDir },
    );
    expect([n, copies.length]).toEqual([n, 1]);
  }
});
