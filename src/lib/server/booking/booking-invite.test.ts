/** @jest-environment node */
/**
 * The owner's feed read back by ical.js (a parser written elsewhere): a booked visit whose time on
 * site has ended is shown done, one still to come or under way is not, and a held one awaits
 * confirmation. Done is derived from the visit's time (booking/booking-queries.ts), so the instants here are
 * chosen around its end.
 */
import ICAL from "ical.js";
import type { Booking } from "./booking-queries";
import { standingOf } from "./booking-queries";
import { ownerFeed } from "./booking-invite";

const START = "2026-12-03T09:00:00-05:00";
const END = Date.parse(START) + 150 * 60_000;
const booking = (reference: string, status: Booking["status"]): Booking => ({
  reference,
  inspector: 1,
  start: START,
  onSiteMinutes: 150,
  from: Date.parse(START),
  to: END,
  status,
  confirmBy: null,
  confirmWithinMinutes: 60,
  mailbox: "ann@example.com",
  phone: "4105550100",
  property: "1 severn avenue|21401",
  job: { mainInspection: "residential", addOns: [], waterPackages: [], squareFeet: 2100, county: "Anne Arundel" },
  ownerEvent: { summary: "Home inspection: Ann Client", description: "Reference x.", location: "1 Severn Avenue" },
  moves: 0,
  sequence: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});

const summaries = (now: number) =>
  new ICAL.Component(
    ICAL.parse(ownerFeed([booking("SR-BOOKED", "booked"), booking("SR-HELD", "pending")], new Map(), now)),
  )
    .getAllSubcomponents("vevent")
    .map((event) => event.getFirstPropertyValue("summary"));

describe("a visit's standing", () => {
  it("is booked until its time on site ends, and done from then on", () => {
    expect(standingOf(booking("a", "booked"), END - 1)).toBe("booked");
    expect(standingOf(booking("a", "booked"), END)).toBe("done");
    // Only a booked visit is ever done: a cancelled one stays cancelled.
    expect(standingOf(booking("a", "cancelled"), END + 1)).toBe("cancelled");
  });

  it("is what the owner's feed says before each event's title", () => {
    expect(summaries(END - 1)).toEqual([
      "Home inspection: Ann Client",
      "Awaiting confirmation: Home inspection: Ann Client",
    ]);
    expect(summaries(END)).toEqual([
      "Done: Home inspection: Ann Client",
      "Awaiting confirmation: Home inspection: Ann Client",
    ]);
  });
});
