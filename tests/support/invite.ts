/** Invites as a calendar reads them: ical.js, a parser written elsewhere, on the file or on a sent e-mail. */
import ICAL from "ical.js";
import { bodyText, waitFor, type Mailbox } from "./mailbox";

/** The events of an iCalendar text, read with the time zones the file itself defines. */
export function eventsOf(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

/** The calendar's METHOD (PUBLISH, CANCEL), or null when it names none. */
export const methodOf = (text: string) =>
  (new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue("method") as string | null) ?? null;

/**
 * The calendar part of a raw e-mail as sent, one CRLF per line: its RRULEs hold "=11", which
 * quoted-printable decoding of a part not encoded so would mangle.
 */
export function calendarIn(raw: string): string {
  const part = raw.slice(raw.indexOf("BEGIN:VCALENDAR"), raw.indexOf("END:VCALENDAR") + 13);
  return (part.includes("=3D") ? bodyText(part) : part).replace(/\r+\n/g, "\r\n");
}

/** The `method` parameter of the e-mail's text/calendar part, which a mail program acts on. */
export const partMethodOf = (raw: string) => /Content-Type: text\/calendar;[^]*?method=("?)(\w+)\1/i.exec(raw)?.[2];

/** The mailboxes an event names as attendees, as a calendar reads them (ical.js), in order. */
export const attendeesOf = (event: ICAL.Event) =>
  event.attendees.map((attendee) => String(attendee.getFirstValue()).replace(/^mailto:/i, ""));

/** An e-mail with its calendar invite, read back from the mail server. */
export interface ReceivedInvite {
  text: string;
  raw: string;
  invite: string;
  event: ICAL.Event;
}

/** The one e-mail to `to` whose subject starts so, once the mail server has it, and its one event. */
export async function inviteMailTo(mailbox: Mailbox, to: string, subject: string): Promise<ReceivedInvite> {
  const matching = () =>
    mailbox.messages.filter((message) => message.to[0] === to && bodyText(message.raw).includes(`Subject: ${subject}`));
  await waitFor(`"${subject}" to ${to}`, () => matching().length > 0);
  if (matching().length !== 1) throw new Error(`${matching().length} e-mails "${subject}" to ${to}, not one`);
  const { raw } = matching()[0]!;
  const invite = calendarIn(raw);
  const events = eventsOf(invite);
  if (events.length !== 1) throw new Error(`"${subject}" to ${to} has ${events.length} events in its invite, not one`);
  return { text: bodyText(raw), raw, invite, event: events[0]! };
}
