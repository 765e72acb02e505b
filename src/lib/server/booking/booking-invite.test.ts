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
import { SAMPLE_END, sampleBooking } from "../../../../tests/support/sample-booking";

const END = SAMPLE_END;
const booking = (reference: string, status: Booking["status"]) => sampleBooking(reference, status);

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
