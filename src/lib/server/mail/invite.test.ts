/** @jest-environment node */
/**
 * The invite is read back by ical.js, a parser of RFC 5545 written elsewhere, and held to the
 * rules of the RFC that calendars trip over: CRLF lines of at most 75 octets (3.1), VERSION and
 * PRODID (3.6), UID and a DTSTAMP in UTC on each event (3.8.7.2), and a VTIMEZONE for each TZID
 * used (3.2.19).
 */
import ICAL from "ical.js";
import { calendarFile } from "./invite";
import { calendarMethod } from "./mailer";

const booked = {
  reference: "SR-20261203-7KQ4M2",
  start: "2026-12-03T09:00:00-05:00",
  onSiteMinutes: 150,
  summary: "Home inspection: Severn Ridge",
  description: "Reference SR-20261203-7KQ4M2. Home inspection; Radon test. Questions: 410-555-0142.",
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe("a booking's invite", () => {
  const text = calendarFile("Severn Ridge Home Inspections", [
    booked,
    { ...booked, reference: "SR-2", cancelled: true },
  ]);
  const calendar = parse(text);
  const events = calendar.getAllSubcomponents("vevent");

  it("is made of CRLF lines of at most 75 octets", () => {
    expect(text.endsWith("END:VCALENDAR")).toBe(true);
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.includes("\n"))).toBe(false);
    expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
  });

  it("says its version and who made it", () => {
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  });

  it("stamps each event in UTC, with its reference as the UID", () => {
    expect(events).toHaveLength(2);
    for (const event of events) {
      const stamp = event.getFirstPropertyValue("dtstamp") as ICAL.Time;
      expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
      expect(event.getFirstProperty("dtstamp")!.toICALString()).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    }
    expect(events.map((event) => event.getFirstPropertyValue("uid"))).toEqual(["SR-20261203-7KQ4M2", "SR-2"]);
  });

  it("defines every zone it names, and starts and ends at the booked hour in Maryland", () => {
    const zones = calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid"));
    for (const name of ["dtstart", "dtend"]) {
      expect(zones).toContain(events[0]!.getFirstProperty(name)!.getParameter("tzid"));
    }
    const event = new ICAL.Event(events[0]!);
    expect(event.startDate.toUnixTime()).toBe(Date.parse(booked.start) / 1000);
    expect(event.endDate.toUnixTime() - event.startDate.toUnixTime()).toBe(150 * 60);
    expect(event.startDate.toString()).toBe("2026-12-03T09:00:00");
  });

  it("marks a cancelled booking so", () => {
    expect(events.map((event) => event.getFirstPropertyValue("status"))).toEqual(["CONFIRMED", "CANCELLED"]);
  });
});

describe("an invite sent by e-mail", () => {
  const attendees = ["client@example.com", "agent@example.org"];
  const held = calendarFile("Severn Ridge Home Inspections", [{ ...booked, tentative: true, attendees }], "REQUEST");
  const cancel = calendarFile(
    "Severn Ridge Home Inspections",
    [{ ...booked, cancelled: true, sequence: 2, attendees }],
    "CANCEL",
  );
  const attendeesOf = (file: string) =>
    parse(file)
      .getFirstSubcomponent("vevent")!
      .getAllProperties("attendee")
      .map((property) => ({
        address: String(property.getFirstValue()).replace(/^mailto:/i, ""),
        rsvp: property.getParameter("rsvp"),
      }));

  it("names its method, which the e-mail's calendar part repeats", () => {
    expect(parse(held).getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendarMethod(held)).toBe("REQUEST");
    expect(parse(cancel).getFirstPropertyValue("method")).toBe("CANCEL");
    expect(calendarMethod(cancel)).toBe("CANCEL");
  });

  it("says a held time is tentative, and a cancel is cancelled with its sequence and organizer", () => {
    expect(parse(held).getFirstSubcomponent("vevent")!.getFirstPropertyValue("status")).toBe("TENTATIVE");
    const event = parse(cancel).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    expect(event.getFirstPropertyValue("organizer")).toMatch(/^mailto:/);
  });

  it("names every mailbox it goes to as an attendee, asked for no reply, on each method (RFC 5546 3.2.2, 3.2.5)", () => {
    const expected = attendees.map((address) => ({ address, rsvp: "FALSE" }));
    expect(attendeesOf(held)).toEqual(expected);
    expect(attendeesOf(cancel)).toEqual(expected);
  });

  it("names no attendee in the owner's feed, which has no method", () => {
    const feed = calendarFile("Severn Ridge Home Inspections: bookings", [booked]);
    expect(parse(feed).getFirstPropertyValue("method")).toBeNull();
    expect(attendeesOf(feed)).toEqual([]);
  });
});
