/**
 * What the client and the agent who booked are told as a booking changes from its link, against the
 * built site under the production server with a real SMTP server on loopback: each confirmation,
 * move and cancellation reaches both once, with the invite read back by ical.js as the same event
 * (same UID) at a higher SEQUENCE each time: TENTATIVE while only held, CONFIRMED once kept, moved
 * to the new time, and a CANCEL (METHOD and the e-mail's calendar part) that takes it out; every
 * one with the address as LOCATION.
 */
import { randomUUID } from "node:crypto";
import type ICAL from "ical.js";
import { withDatabase } from "../../src/serve/database-access";
import { postJson } from "../support/function-server";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import { attendeesOf, calendarIn, eventsOf, methodOf, partMethodOf } from "../support/invite";
import { bookingServerForTests } from "../support/booking-server";
import { bodyText, waitFor } from "../support/mailbox";

const SECRETS = { BOOKING_LINK_SECRET: "a-test-secret-for-notices", CALENDAR_FEED_SECRET: "owner-feed-secret" };
const CLIENT = "casey.notice@example.com";
const AGENT = "al.notice@example.com";
const ADDRESS = "41 Notice Road, Annapolis, MD 21403";
const DAY_MS = 24 * 60 * 60 * 1000;

const booking = bookingServerForTests(SECRETS);

interface Received {
  text: string;
  raw: string;
  invite: string;
  event: ICAL.Event;
}

/** The one e-mail to `to` whose subject starts so, once the mail server has it. */
async function mailTo(to: string, subject: string): Promise<Received> {
  const matching = () =>
    booking.mailbox.messages.filter(
      (message) => message.to[0] === to && bodyText(message.raw).includes(`Subject: ${subject}`),
    );
  await waitFor(`"${subject}" to ${to}`, () => matching().length > 0);
  expect(matching()).toHaveLength(1);
  const { raw } = matching()[0]!;
  const invite = calendarIn(raw);
  const events = eventsOf(invite);
  expect(events).toHaveLength(1);
  return { text: bodyText(raw), raw, invite, event: events[0]! };
}

/** An open start past the cut-off, so the booking may still be moved and cancelled online. */
function changeableStart(): string {
  let start = booking.nextStart();
  while (Date.parse(start) < Date.now() + 2 * DAY_MS) start = booking.nextStart();
  return start;
}

const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue("status");

it("tells the client and the agent of each confirmation, move and cancellation, updating one event in their calendars", async () => {
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
  const confirmed = await Promise.all([CLIENT, AGENT].map((to) => mailTo(to, "Your inspection is confirmed")));
  for (const [index, { event, text }] of confirmed.entries()) {
    expect(event.uid).toBe(reference);
    expect(statusOf(event)).toBe("CONFIRMED");
    expect(attendeesOf(event)).toEqual([CLIENT, AGENT]);
    expect(event.sequence).toBeGreaterThan(held[index]!.event.sequence);
    expect(event.location).toBe(ADDRESS);
    expect(text).toContain(reference);
  }

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
  for (const [index, { event, invite, raw }] of cancelled.entries()) {
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
