/**
 * The agent a client names on the schedule form, against the built site with a real SMTP server on loopback:
 * copied on the booking, its confirmation, move and cancellation only when the client ticked the box, each copy
 * once, with the invite (read by ical.js) naming the agent as an ATTENDEE and none of the client's links; told
 * when the client signs, and reminded. Unticked, the agent gets nothing and the invites name the client alone;
 * the desk's CSV says which.
 */
import { randomUUID } from "node:crypto";
import type ICAL from "ical.js";
import { availability } from "../../src/lib/content/business-data";
import { BOOKING_MAIL_FIRST_HOURS, sendDueReminders } from "../../src/features/reminders/server/reminders";
import { withDatabase } from "../../src/serve/database-access";
import { postJson, send } from "../support/function-server";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { COPY_AGENT } from "../../src/lib/forms/choices";
import { attendeesOf, inviteMailTo, methodOf, partMethodOf } from "../support/invite";
import { bookingServerForTests } from "../support/booking-server";
import { bodyText, waitFor } from "../support/mailbox";
import { DESK_SECRETS, deskGet, signIn } from "../support/desk-client";
import { parse } from "csv-parse/sync";
import { AGENT_EMAILED, type DeskDays } from "../../src/features/desk/shared/desk-item";

const DAY_MS = 24 * 60 * 60 * 1000;

const booking = bookingServerForTests(DESK_SECRETS);

/** Whether the desk shows the booking's agent as copied, and why: what the owner reads beside the agent. */
async function agentOnDesk(reference: string, start: string) {
  const cookie = await signIn(booking.server.url, booking.mailbox);
  const answer = await deskGet(booking.server.url, `days?from=${start.slice(0, 10)}&days=1`, cookie);
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as DeskDays).items.find((item) => item.reference === reference)?.agent;
}

const mailTo = (to: string, subject: string) => inviteMailTo(booking.mailbox, to, subject);

/** The text of the one e-mail to `to` whose subject starts with `subject`, once it has arrived. */
async function textTo(to: string, subject: string): Promise<string> {
  const matching = () =>
    booking.mailbox.messages.filter((mail) => mail.to[0] === to && bodyText(mail.raw).includes(`Subject: ${subject}`));
  await waitFor(`"${subject}" to ${to}`, () => matching().length > 0);
  expect(matching()).toHaveLength(1);
  return bodyText(matching()[0]!.raw);
}

/** An open start past the cut-off, so the booking may still be moved and cancelled online. */
function changeableStart(): string {
  let start = booking.nextStart();
  while (Date.parse(start) < Date.now() + 2 * DAY_MS) start = booking.nextStart();
  return start;
}

/** The e-mails stored for `to`, in the order they were made, once the sender has marked each sent. */
async function storedTo(to: string) {
  const read = () =>
    withDatabase(
      (db) =>
        db.query<{ message: string; subject: string; state: string }>(
          `SELECT message, mail->>'subject' AS subject, state FROM deliveries
           WHERE mail->>'to' = $1 ORDER BY created_at, position`,
          [to],
        ),
      { ...process.env, DATA_DIR: booking.server.dataDir },
    );
  await waitFor(`every e-mail to ${to} marked sent`, async () => (await read()).every((row) => row.state === "sent"));
  return read();
}

/** Books a short job for `client` naming `agent` as their agent, the box for copying them as given. */
async function bookNamingAgent(client: string, agent: string, copyAgent: string, street: string) {
  const start = changeableStart();
  const booked = await postJson(
    `${booking.server.url}/api/schedule`,
    bookingRequest(start, {
      ...SHORT_JOB,
      name: "Casey Client",
      email: client,
      street,
      agentName: "Al Agent",
      agentEmail: agent,
      copyAgent,
    }),
    "127.0.71.1",
    { "Idempotency-Key": randomUUID() },
  );
  expect(booked.status).toBe(201);
  return { start, reference: (JSON.parse(booked.body) as { reference: string }).reference };
}

const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue("status");
/** The client's own links: to confirm, move or cancel the booking, and to sign its agreement. */
const CLIENT_LINKS = /\/(booking|agreement)\?token=/;

it("copies the agent the client asked to copy on the booking, its confirmation, move and cancellation, once each, in the client's calendar event", async () => {
  const [client, agent] = ["casey.copies@example.com", "al.copies@example.com"];
  const { start, reference } = await bookNamingAgent(client, agent, COPY_AGENT, "7 Copy Lane");
  expect(await agentOnDesk(reference, start)).toMatchObject({ email: agent, emailed: "copied" });

  const held = await mailTo(agent, "Your client's inspection is held");
  const clientHeld = await mailTo(client, "Please confirm your inspection");
  for (const { event, invite, raw } of [held, clientHeld]) {
    expect(event.uid).toBe(reference);
    expect(statusOf(event)).toBe("TENTATIVE");
    expect(methodOf(invite)).toBe("REQUEST");
    expect(partMethodOf(raw)).toBe("REQUEST");
    expect(attendeesOf(event)).toEqual([client, agent]);
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(start));
  }
  expect(held.text).toContain("Your client asked us to copy you");
  // The agent learns where to follow it: the agents' page, signed in with the address the copy went to.
  expect(held.text).toMatch(/on your page\s+with us, signing in with this e-mail address: http\S+\/agent\s/);
  expect(clientHeld.text).not.toMatch(/\/agent\b/);
  // The links and the price are the client's own.
  expect(held.text).not.toMatch(CLIENT_LINKS);
  expect(held.text).not.toMatch(/\$\d/);
  expect(clientHeld.text).toMatch(CLIENT_LINKS);

  const token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(clientHeld.text)![1]!;
  const change = (body: Record<string, unknown>) => postJson(`${booking.server.url}/api/booking`, { token, ...body });

  expect((await change({ action: "confirm" })).status).toBe(200);
  expect((await change({ action: "confirm" })).status).toBe(200);
  const confirmed = await mailTo(agent, "Your client's inspection is confirmed");
  expect(statusOf(confirmed.event)).toBe("CONFIRMED");
  expect(methodOf(confirmed.invite)).toBe("REQUEST");
  expect(attendeesOf(confirmed.event)).toEqual([client, agent]);
  expect(confirmed.event.sequence).toBeGreaterThan(held.event.sequence);

  const later = changeableStart();
  expect((await change({ action: "move", start: later })).status).toBe(200);
  const moved = await mailTo(agent, "Your client's inspection is moved");
  expect(methodOf(moved.invite)).toBe("REQUEST");
  expect(attendeesOf(moved.event)).toEqual([client, agent]);
  expect(moved.event.startDate.toJSDate().getTime()).toBe(Date.parse(later));
  expect(moved.event.sequence).toBeGreaterThan(confirmed.event.sequence);

  expect((await change({ action: "cancel" })).status).toBe(200);
  expect((await change({ action: "cancel" })).status).toBe(200);
  const cancelled = await mailTo(agent, "Your client's inspection is cancelled");
  expect(methodOf(cancelled.invite)).toBe("CANCEL");
  expect(partMethodOf(cancelled.raw)).toBe("CANCEL");
  expect(statusOf(cancelled.event)).toBe("CANCELLED");
  expect(attendeesOf(cancelled.event)).toEqual([client, agent]);
  expect(cancelled.event.sequence).toBeGreaterThan(moved.event.sequence);
  await mailTo(client, "Your inspection is cancelled");

  for (const { text } of [confirmed, moved, cancelled]) expect(text).not.toMatch(CLIENT_LINKS);
  // Each copy is one stored e-mail, sent once, whatever the repeats of a change.
  expect((await storedTo(agent)).map((row) => [row.message, row.subject.replace(/:.*/, ""), row.state])).toEqual(
    ["held", "confirmed", "moved", "cancelled"].map((done) => [
      "agentCopy",
      `Your client's inspection is ${done}`,
      "sent",
    ]),
  );
});

it("tells the copied agent that the client signed, and reminds them of the visit without the client's links", async () => {
  const [client, agent] = ["erin.reminded@example.com", "flo.reminded@example.com"];
  const { start, reference } = await bookNamingAgent(client, agent, COPY_AGENT, "11 Reminder Lane");
  const held = await mailTo(client, "Please confirm your inspection");
  const manageToken = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(held.text)![1]!;
  const signToken = /\/agreement\?token=([A-Za-z0-9._-]+)/.exec(held.text)![1]!;
  const confirmed = await postJson(`${booking.server.url}/api/booking`, { token: manageToken, action: "confirm" });
  expect(confirmed.status).toBe(200);
  const signed = await send(`${booking.server.url}/api/agreement`, {
    body: JSON.stringify({ token: signToken, name: "Casey Client", consent: true }),
    contentType: "application/json",
    from: "127.0.71.2",
    headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
  });
  expect(signed.status).toBe(200);
  expect(await textTo(agent, "Inspection agreement signed")).toContain(
    "Your client has signed the inspection agreement",
  );

  // One pass runs at a moment the reminder is due: inside its hours before the visit, and a day
  // after the booking's own e-mail (BOOKING_MAIL_FIRST_HOURS).
  const HOUR = 60 * 60 * 1000;
  const due = new Date(
    Math.max(
      Date.parse(start) - (availability.reminders.beforeVisitHours - 1) * HOUR,
      Date.now() + (BOOKING_MAIL_FIRST_HOURS + 1) * HOUR,
    ),
  );
  const env = { ...process.env, ...DESK_SECRETS, DATA_DIR: booking.server.dataDir };
  expect(await withDatabase((db) => sendDueReminders(db, due, env), env)).toBeGreaterThanOrEqual(1);
  // Stored for that moment: read as the pass wrote them (the sender sends them when it comes).
  const reminders = await withDatabase(
    (db) =>
      db.query<{ to: string; text: string }>(
        `SELECT mail->>'to' AS to, mail->>'text' AS text FROM deliveries
         WHERE reference = $1 AND message LIKE 'reminder-%' ORDER BY position`,
        [reference],
      ),
    env,
  );
  expect(reminders.map((mail) => mail.to)).toEqual([client, agent]);
  const [clientReminder, agentReminder] = reminders.map((mail) => mail.text);
  expect(agentReminder).toContain("Your client asked us to copy you");
  expect(agentReminder).not.toMatch(CLIENT_LINKS);
  // The client's reminder has its link to manage the booking: links were made, and kept from the agent.
  expect(clientReminder).toMatch(CLIENT_LINKS);
});

it("sends nothing to an agent the client named but did not ask to copy, and names the client alone in the invites", async () => {
  const [client, agent] = ["dana.nocopy@example.com", "bo.nocopy@example.com"];
  const { reference, start } = await bookNamingAgent(client, agent, "", "9 Private Lane");
  expect(await agentOnDesk(reference, start)).toMatchObject({ email: agent, emailed: null });
  const held = await mailTo(client, "Please confirm your inspection");
  expect(attendeesOf(held.event)).toEqual([client]);
  const token = /\/booking\?token=([A-Za-z0-9._-]+)/.exec(held.text)![1]!;
  const change = (body: Record<string, unknown>) => postJson(`${booking.server.url}/api/booking`, { token, ...body });

  expect((await change({ action: "confirm" })).status).toBe(200);
  expect(attendeesOf((await mailTo(client, "Your inspection is confirmed")).event)).toEqual([client]);
  expect((await change({ action: "move", start: changeableStart() })).status).toBe(200);
  expect(attendeesOf((await mailTo(client, "Your inspection is moved")).event)).toEqual([client]);
  expect((await change({ action: "cancel" })).status).toBe(200);
  expect(attendeesOf((await mailTo(client, "Your inspection is cancelled")).event)).toEqual([client]);

  // The client's four e-mails are all sent; none was made or sent for the agent.
  expect(await storedTo(client)).toHaveLength(4);
  expect(await storedTo(agent)).toEqual([]);
  expect(booking.mailbox.messages.filter((message) => message.to.includes(agent))).toEqual([]);
});

it("says in the desk's CSV whether each booking's agent is copied, in the words of the desk's card", async () => {
  const copied = await bookNamingAgent("dana.csv@example.com", "bo.csv@example.com", COPY_AGENT, "13 Sheet Lane");
  const named = await bookNamingAgent("erin.csv@example.com", "cy.csv@example.com", "", "15 Sheet Lane");
  const cookie = await signIn(booking.server.url, booking.mailbox);
  const download = await deskGet(booking.server.url, "csv", cookie);
  expect(download.status).toBe(200);
  // Read back with a CSV parser: the words hold commas and colons.
  const [header, ...lines] = parse(download.body) as string[][];
  const cell = (reference: string, column: string) =>
    lines.find((line) => line[0] === reference)?.[header!.indexOf(column)];
  expect(header).toContain("agent copied");
  expect(cell(copied.reference, "agent copied")).toBe(AGENT_EMAILED.copied);
  expect(cell(named.reference, "agent copied")).toBe(AGENT_EMAILED.none);
  expect(cell(named.reference, "agent e-mail")).toBe("cy.csv@example.com");
});
