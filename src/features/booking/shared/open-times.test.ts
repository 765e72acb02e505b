/**
 * @jest-environment node
 *
 * Open start times from the owner's hours: each rule of availability.yaml on its own, with a
 * fixed "now" (the clock is an argument, never the machine's).
 */
import path from "node:path";
import { readRawContentFile } from "../../../build-time/content-files";
import { availabilitySchema } from "../../../lib/content/availability-schema";
import { pricingSchema, type AvailabilityContent } from "../../../lib/content/content-schema";
import { jobLength } from "./job-length";
import { instantOf } from "../../../lib/maryland-time/local-time";
import type { Inspector } from "./inspectors";
import { createCalendar, type Busy } from "./open-times";

const contentDir = path.join(__dirname, "..", "..", "..", "..", "content");
const owner = availabilitySchema.parse(readRawContentFile("availability.yaml", contentDir));
const pricing = pricingSchema.parse(readRawContentFile("pricing.yaml", contentDir));

/** The owner's hours with some rules changed. */
const withRules = (changes: Partial<AvailabilityContent>): AvailabilityContent => ({ ...owner, ...changes });
const nobodyBooked: Busy[] = [];
/** A three-hour job with nothing else blocked: simple arithmetic for the rules below. */
const threeHours = { onSiteMinutes: 180, beforeMinutes: 0, afterMinutes: 0 };
/** Noon, Maryland time (EST), on a date. */
const noonOn = (date: string) => Date.parse(`${date}T12:00:00-05:00`);
const times = (starts: { at: string }[]) => starts.map((start) => start.at);

describe("open start times", () => {
  const calendar = createCalendar(withRules({ minimumNoticeWorkingDays: 1, horizonDays: 60 }));

  it("are every half hour from opening while the job is over by closing, in Maryland time with its offset", () => {
    const starts = calendar.openStarts(
      { from: "2026-12-01", to: "2026-12-01" },
      threeHours,
      nobodyBooked,
      noonOn("2026-11-30"),
    );
    expect(times(starts)).toEqual(
      [
        "08:00",
        "08:30",
        "09:00",
        "09:30",
        "10:00",
        "10:30",
        "11:00",
        "11:30",
        "12:00",
        "12:30",
        "13:00",
        "13:30",
        "14:00",
        "14:30",
        "15:00",
      ].map((time) => `2026-12-01T${time}:00-05:00`),
    );
    // Summer time has the other offset.
    const june = calendar.openStarts(
      { from: "2027-06-01", to: "2027-06-01" },
      threeHours,
      nobodyBooked,
      noonOn("2027-05-20"),
    );
    expect(june[0]!.at).toBe("2027-06-01T08:00:00-04:00");
  });

  it("start on the next working day at the earliest, and no later than the horizon", () => {
    // Friday 2026-12-04: Saturday is the next working day; Sunday is closed.
    const friday = noonOn("2026-12-04");
    const days = new Set(
      calendar
        .openStarts({ from: "2026-12-01", to: "2027-03-31" }, threeHours, nobodyBooked, friday)
        .map((start) => start.at.slice(0, 10)),
    );
    expect([...days][0]).toBe("2026-12-05");
    expect(days.has("2026-12-04")).toBe(false);
    expect(days.has("2026-12-06")).toBe(false);
    expect([...days].at(-1)).toBe("2027-02-02"); // 60 days after 2026-12-04
    // Saturday: Sunday is closed, so the next working day is Monday.
    const saturday = calendar.openStarts(
      { from: "2026-12-05", to: "2026-12-09" },
      threeHours,
      nobodyBooked,
      noonOn("2026-12-05"),
    );
    expect(saturday[0]!.at.slice(0, 10)).toBe("2026-12-07");
  });

  it("leave out the owner's blocked dates", () => {
    const blocking = createCalendar(withRules({ blockedDates: ["2026-12-08"] }));
    const days = blocking
      .openStarts({ from: "2026-12-07", to: "2026-12-09" }, threeHours, nobodyBooked, noonOn("2026-12-01"))
      .map((start) => start.at.slice(0, 10));
    expect(new Set(days)).toEqual(new Set(["2026-12-07", "2026-12-09"]));
  });

  // Which days each holiday closes: ./holidays.test.ts.
  it("leave out the owner's closed holidays: Christmas, July 4 on a Sunday closes the Monday, Thanksgiving", () => {
    for (const [date, now] of [
      ["2026-12-25", "2026-12-01"],
      ["2027-07-05", "2027-06-20"],
      ["2027-11-25", "2027-11-10"],
    ] as const) {
      expect(createCalendar(owner).openStarts({ from: date, to: date }, threeHours, nobodyBooked, noonOn(now))).toEqual(
        [],
      );
    }
    // The working day after a holiday is open as usual.
    expect(
      calendar.openStarts({ from: "2027-07-06", to: "2027-07-06" }, threeHours, nobodyBooked, noonOn("2027-06-20"))
        .length,
    ).toBeGreaterThan(0);
  });

  it("fit the job the visitor describes: size, add-ons, water sampling and travel", () => {
    const job = (county: string, addOns: string[]) =>
      jobLength(owner, pricing, {
        mainInspection: "residential",
        squareFeet: 2100,
        addOns,
        waterPackages: ["basic-potability"],
        county,
      });
    // 180 min for up to 2,500 sq ft + 20 radon + 60 sewer scope + 20 water sampling = 280 on site.
    // No travel fee in Anne Arundel; the 30-minute buffer follows the job.
    expect(job("Anne Arundel", ["radon", "sewer-scope"])).toEqual({
      onSiteMinutes: 280,
      beforeMinutes: 0,
      afterMinutes: 30,
    });
    // Garrett is in the far zone: 90 minutes of travel there and back, half held before the start.
    expect(job("Garrett", ["radon", "sewer-scope"])).toEqual({
      onSiteMinutes: 280,
      beforeMinutes: 45,
      afterMinutes: 75,
    });
    const starts = calendar.openStarts(
      { from: "2026-12-01", to: "2026-12-01" },
      job("Garrett", ["radon", "sewer-scope"]),
      nobodyBooked,
      noonOn("2026-11-30"),
    );
    // 280 minutes on site must end by 18:00: the last start is 13:00 (13:00 + 4 h 40 = 17:40).
    expect(starts.at(-1)!.at).toBe("2026-12-01T13:00:00-05:00");
  });

  it("give each listed inspector's own number whatever the list's order, and never a number taken out of it", () => {
    const start = calendar.startAt("2026-12-01T10:00:00-05:00", threeHours, noonOn("2026-11-30"))!;
    const [first, second] = owner.inspectors as [Inspector, Inspector];
    expect(createCalendar(withRules({ inspectors: [second, first] })).freeInspector(start, threeHours, [])).toBe(
      second.number,
    );
    // The first taken out of the list: only the second is given, and a job the first still holds
    // then takes the second's place, as someone listed must do it.
    const withoutFirst = createCalendar(withRules({ inspectors: [second] }));
    expect(withoutFirst.freeInspector(start, threeHours, [])).toBe(second.number);
    const heldByFirst: Busy[] = [{ inspector: first.number, from: start.instant, to: start.instant + 3 * 60 * 60_000 }];
    expect(withoutFirst.freeInspector(start, threeHours, heldByFirst)).toBeNull();
  });

  it("stay open while one of two inspectors is free, and close when both are taken", () => {
    const start = calendar.startAt("2026-12-01T10:00:00-05:00", threeHours, noonOn("2026-11-30"))!;
    const takenBy = (inspectors: number[]): Busy[] =>
      inspectors.map((inspector) => ({ inspector, from: start.instant, to: start.instant + 3 * 60 * 60_000 }));
    const at = (taken: Busy[]) =>
      times(calendar.openStarts({ from: "2026-12-01", to: "2026-12-01" }, threeHours, taken, noonOn("2026-11-30")));
    expect(at(takenBy([1]))).toContain("2026-12-01T10:00:00-05:00");
    expect(at(takenBy([1, 2]))).not.toContain("2026-12-01T10:00:00-05:00");
    // With both taken from 10:00 to 13:00, a three-hour job fits only after them (the day opens at 8).
    expect(at(takenBy([1, 2]))).toEqual(
      ["13:00", "13:30", "14:00", "14:30", "15:00"].map((time) => `2026-12-01T${time}:00-05:00`),
    );
  });

  it("hold travel before a job as well as after it", () => {
    // A local job 11:00-14:00 on both inspectors. A far-county job (60 minutes on site, 45 minutes
    // of travel each way, then the 30-minute buffer) must be driven back before 11:00, and must not
    // start until 14:00 and the drive there are over.
    const local = Date.parse("2026-12-01T11:00:00-05:00");
    const busy: Busy[] = [1, 2].map((inspector) => ({ inspector, from: local, to: local + 180 * 60_000 }));
    const far = { onSiteMinutes: 60, beforeMinutes: 45, afterMinutes: 75 };
    const open = times(calendar.openStarts({ from: "2026-12-01", to: "2026-12-01" }, far, busy, noonOn("2026-11-30")));
    expect(open).toEqual(
      ["08:00", "08:30", "15:00", "15:30", "16:00", "16:30", "17:00"].map((time) => `2026-12-01T${time}:00-05:00`),
    );
  });

  it("see every booking whatever the step, the opening time or the number of inspectors become", () => {
    // A booking 10:00-13:00 made under the old hours; the owner now opens at 08:15 with 15-minute steps.
    const booked = Date.parse("2026-12-01T10:00:00-05:00");
    const busy: Busy[] = [
      { inspector: 1, from: booked, to: booked + 180 * 60_000 },
      { inspector: 2, from: booked, to: booked + 180 * 60_000 },
    ];
    const quarter = createCalendar(
      withRules({ startEveryMinutes: 15, weeklyHours: [{ day: "tuesday", opens: "08:15", closes: "18:00" }] }),
    );
    const open = times(
      quarter.openStarts({ from: "2026-12-01", to: "2026-12-01" }, threeHours, busy, noonOn("2026-11-30")),
    );
    expect(open.filter((at) => at >= "2026-12-01T07:15" && at < "2026-12-01T13:00")).toEqual([]);
    // One inspector now: a booking still held by inspector 2 keeps its time taken.
    const alone = createCalendar(withRules({ inspectors: owner.inspectors.slice(0, 1) }));
    const second: Busy[] = [{ inspector: 2, from: booked, to: booked + 180 * 60_000 }];
    expect(
      times(alone.openStarts({ from: "2026-12-01", to: "2026-12-01" }, threeHours, second, noonOn("2026-11-30"))),
    ).not.toContain("2026-12-01T10:00:00-05:00");
  });

  it("offer no local time that does not exist or exists twice on the days the clocks change", () => {
    // Hours across the night, so the changes fall inside them: 2027-03-14 02:00 -> 03:00 and
    // 2027-11-07 02:00 -> 01:00, both Sundays.
    const night = createCalendar(withRules({ weeklyHours: [{ day: "sunday", opens: "00:00", closes: "06:00" }] }));
    const short = { onSiteMinutes: 30, beforeMinutes: 0, afterMinutes: 0 };
    const march = times(
      night.openStarts({ from: "2027-03-14", to: "2027-03-14" }, short, nobodyBooked, noonOn("2027-03-01")),
    );
    expect(march.filter((at) => at.startsWith("2027-03-14T02:"))).toEqual([]);
    expect(march).toContain("2027-03-14T01:30:00-05:00");
    expect(march).toContain("2027-03-14T03:00:00-04:00");
    const november = times(
      night.openStarts({ from: "2027-11-07", to: "2027-11-07" }, short, nobodyBooked, noonOn("2027-11-01")),
    );
    expect(november.filter((at) => at.startsWith("2027-11-07T01:"))).toEqual([]);
    expect(november).toContain("2027-11-07T00:30:00-04:00");
    expect(november).toContain("2027-11-07T02:00:00-05:00");
    expect(instantOf("2027-03-14", "02:30", "America/New_York")).toBeNull();
    expect(instantOf("2027-11-07", "01:30", "America/New_York")).toBeNull();
    // Every start is a distinct instant, and each names its own local time.
    expect(new Set(november.map((at) => Date.parse(at))).size).toBe(november.length);
  });

  it("accept a booking's start only if the hours offer it", () => {
    const now = noonOn("2026-11-30");
    expect(calendar.startAt("2026-12-01T10:00:00-05:00", threeHours, now)).not.toBeNull();
    // The same instant written in UTC is the same start.
    expect(calendar.startAt("2026-12-01T15:00:00Z", threeHours, now)?.at).toBe("2026-12-01T10:00:00-05:00");
    for (const at of [
      "2026-12-01T10:15:00-05:00", // off the half-hour grid
      "2026-12-01T07:30:00-05:00", // before opening
      "2026-12-01T15:30:00-05:00", // would end after closing
      "2026-12-06T10:00:00-05:00", // a Sunday
      "2026-11-30T14:00:00-05:00", // today: shorter notice than a working day
      "2027-03-01T10:00:00-05:00", // beyond the horizon
      "not a time",
    ]) {
      expect(calendar.startAt(at, threeHours, now)).toBeNull();
    }
  });
});
