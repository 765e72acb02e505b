/**
 * Calendar files (RFC 5545) for bookings, made by ical-generator with the zone's rules written out
 * (VTIMEZONE, from @touch4it/ical-timezones) and times in Maryland's local time (TZID), so every
 * calendar shows the inspection at the hour that was booked. The reference is the UID: a move
 * updates the same event. The visitor's invite, like every confirmation, holds nothing the visitor
 * typed; the owner's feed holds the address and the client.
 */
// The zone's rules as the tz database writes them for calendars (tzurl.org), taken into the bundle
// at build time: the package reads its files from disk beside itself, which a bundle does not keep.
import newYorkZone from "!!raw-loader!@touch4it/ical-timezones/zones/America/New_York.ics";
import { TZDate } from "@date-fns/tz";
import { addMinutes } from "date-fns";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { business } from "../../content/business-data";
import { MARYLAND } from "../../maryland-time/local-time";

export interface InviteEvent {
  reference: string;
  start: string;
  onSiteMinutes: number;
  summary: string;
  description: string;
  location?: string;
  cancelled?: boolean;
  /** Held but not yet confirmed. */
  tentative?: boolean;
  /** Bumped on each move, so calendars take the new time. */
  sequence?: number;
  /**
   * The mailboxes the invite is for (the client's, and an agent's who booked): a calendar applies
   * an update or a CANCEL to its copy only when its own mailbox is an attendee.
   */
  attendees?: readonly string[];
}

/** The VTIMEZONE component of Maryland's zone, for ical-generator. */
function vtimezone(zone: string): string | null {
  if (zone !== MARYLAND) return null;
  return newYorkZone.slice(newYorkZone.indexOf("BEGIN:VTIMEZONE"), newYorkZone.indexOf("END:VCALENDAR"));
}

/**
 * An invite sent by e-mail names its method (RFC 5546, iTIP): REQUEST for the event as it stands
 * (added, confirmed or moved), CANCEL to take it out of the calendar. Both name the ORGANIZER and
 * every ATTENDEE (3.2.2, 3.2.5), which is how Gmail, Outlook and Apple Calendar match a later
 * update or cancellation to the event a person already has; PUBLISH, which forbids attendees,
 * left a CANCEL that some of them would not apply. Attendees are asked for no reply (RSVP=FALSE):
 * the booking is confirmed from its link, not from the calendar. The owner's feed, a
 * subscription, names no method and no attendee.
 */
export type InviteMethod = "REQUEST" | "CANCEL";

export function calendarFile(name: string, events: readonly InviteEvent[], method?: InviteMethod): string {
  const calendar = ical({ name, prodId: { company: business.name, product: "bookings" } });
  if (method) calendar.method(method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  // The zone is named on each event (TZID) and only its rules are given here: a calendar-wide zone
  // name would make ical-generator write DTSTAMP in that zone without "Z", where RFC 5545
  // (3.8.7.2) requires UTC.
  calendar.timezone({ name: null, generator: vtimezone });
  for (const event of events) {
    // A TZDate in the event's zone: ical-generator writes its wall-clock time there, after TZID.
    const start = new TZDate(event.start, MARYLAND);
    calendar.createEvent({
      id: event.reference,
      sequence: event.sequence ?? 0,
      start,
      end: addMinutes(start, event.onSiteMinutes),
      timezone: MARYLAND,
      summary: event.summary,
      description: event.description,
      ...(event.location ? { location: event.location } : {}),
      // Calendars match a CANCEL or an update to the event by its organizer as well as its UID.
      organizer: { name: business.name, email: business.email },
      attendees: (event.attendees ?? []).map((email) => ({
        email,
        rsvp: false,
        role: ICalAttendeeRole.REQ,
        status: event.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      })),
      status: event.cancelled
        ? ICalEventStatus.CANCELLED
        : event.tentative
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
