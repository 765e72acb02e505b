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
import { availability } from "../../../lib/content/business-data";

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

describe("the owner's feed names each booking's inspector", () => {
  const descriptions = (inspectors: Parameters<typeof ownerFeed>[3]) =>
    new ICAL.Component(
      ICAL.parse(
        ownerFeed(
          [booking("SR-ONE", "booked"), sampleBooking("SR-TWO", "booked", { inspector: 2 })],
          new Map(),
          END - 1,
          inspectors,
        ),
      ),
    )
      .getAllSubcomponents("vevent")
      .map((event) => String(event.getFirstPropertyValue("description")));
  const dana = { number: 1, name: "Dana Whitfield", colour: "#174f73" };
  const marcus = { number: 2, name: "Marcus Bell", colour: "#b45309" };

  it("by the name its number has in the list, whatever the list's order", () => {
    for (const list of [
      [dana, marcus],
      [marcus, dana],
    ]) {
      const [one, two] = descriptions(list);
      expect(one).toContain("Inspector: Dana Whitfield.");
      expect(two).toContain("Inspector: Marcus Bell.");
    }
  });

  it("and says when its number is no longer listed, keeping the booking in the feed", () => {
    const [one, two] = descriptions([marcus]);
    expect(one).toContain("Inspector: Inspector 1 (no longer listed).");
    expect(two).toContain("Inspector: Marcus Bell.");
  });

  it("from content/availability.yaml when no list is given", () => {
    const [one] = descriptions(undefined);
    expect(one).toContain(`Inspector: ${availability.inspectors[0]!.name}.`);
    expect(one).not.toMatch(/Inspector: Inspector \d/);
  });
});
