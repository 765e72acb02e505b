/**
 * @jest-environment node
 *
 * The days the owner's holidays close: the library's dates, the observed-day rule for each kind of
 * weekly hours, across years, and the calendar that leaves them out.
 */
import path from "node:path";
import { readRawContentFile } from "../../../build-time/content-files";
import { availabilitySchema, holidayIds, type HolidayId } from "../../../lib/content/availability-schema";
import { type AvailabilityContent } from "../../../lib/content/content-schema";
import { holidayClosures, holidayDates } from "./holidays";
import { createCalendar } from "./open-times";

const contentDir = path.join(__dirname, "..", "..", "..", "..", "content");
const owner = availabilitySchema.parse(readRawContentFile("availability.yaml", contentDir));
const SIX: HolidayId[] = [
  "new-years-day",
  "memorial-day",
  "independence-day",
  "labor-day",
  "thanksgiving",
  "christmas",
];

const hours = (...days: AvailabilityContent["weeklyHours"][number]["day"][]) =>
  days.map((day) => ({ day, opens: "08:00", closes: "18:00" }));
const mondayToSaturday = hours("monday", "tuesday", "wednesday", "thursday", "friday", "saturday");
const mondayToFriday = hours("monday", "tuesday", "wednesday", "thursday", "friday");
const tuesdayToSaturday = hours("tuesday", "wednesday", "thursday", "friday", "saturday");

/** Every date the holidays close in the years, in order, as "date holiday". */
function closures(rules: Pick<AvailabilityContent, "closedHolidays" | "weeklyHours">, years: number[]): string[] {
  const closedIn = holidayClosures(rules);
  return years.flatMap((year) => [...closedIn(year)].map(([date, id]) => `${date} ${id}`)).sort();
}

/** The nth (1-based; -1 for the last) given weekday (0 Sunday) of a month, worked out here, not by the library. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const days: string[] = [];
  for (let day = new Date(Date.UTC(year, month - 1, 1)); day.getUTCMonth() === month - 1;) {
    if (day.getUTCDay() === weekday) days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return nth === -1 ? days.at(-1)! : days[nth - 1]!;
}

describe("holiday dates from the date-holidays library", () => {
  const years = Array.from({ length: 20 }, (_, i) => 2026 + i);

  it.each(years)("give every holiday the owner may name its own date in %i", (year) => {
    const fixed = (month: number, day: number) =>
      `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const thanksgiving = nthWeekday(year, 11, 4, 4);
    const expected: Record<HolidayId, string> = {
      "new-years-day": fixed(1, 1),
      "martin-luther-king-day": nthWeekday(year, 1, 1, 3),
      "presidents-day": nthWeekday(year, 2, 1, 3),
      "memorial-day": nthWeekday(year, 5, 1, -1),
      juneteenth: fixed(6, 19),
      "independence-day": fixed(7, 4),
      "labor-day": nthWeekday(year, 9, 1, 1),
      "columbus-day": nthWeekday(year, 10, 1, 2),
      "veterans-day": fixed(11, 11),
      thanksgiving,
      "day-after-thanksgiving": `${thanksgiving.slice(0, 8)}${String(Number(thanksgiving.slice(8)) + 1).padStart(2, "0")}`,
      "christmas-eve": fixed(12, 24),
      christmas: fixed(12, 25),
      "new-years-eve": fixed(12, 31),
    };
    expect(Object.fromEntries(holidayDates(year))).toEqual(expected);
    expect([...holidayDates(year).keys()].sort()).toEqual([...holidayIds].sort());
  });
});

describe("the days the owner's holidays close", () => {
  it("by default are the six, 2026 to 2030, with Monday to Saturday hours: a Saturday holiday closes the Saturday only, a Sunday one the Monday", () => {
    expect(owner.closedHolidays).toEqual(SIX);
    expect(closures(owner, [2026, 2027, 2028, 2029, 2030])).toEqual([
      "2026-01-01 new-years-day",
      "2026-05-25 memorial-day",
      "2026-07-04 independence-day", // Saturday, a working day: not Friday 3 July too
      "2026-09-07 labor-day",
      "2026-11-26 thanksgiving",
      "2026-12-25 christmas",
      "2027-01-01 new-years-day",
      "2027-05-31 memorial-day",
      "2027-07-05 independence-day", // 4 July is a Sunday: the Monday
      "2027-09-06 labor-day",
      "2027-11-25 thanksgiving",
      "2027-12-25 christmas", // Saturday
      "2028-01-01 new-years-day", // Saturday: not Friday 31 December 2027
      "2028-05-29 memorial-day",
      "2028-07-04 independence-day",
      "2028-09-04 labor-day",
      "2028-11-23 thanksgiving",
      "2028-12-25 christmas",
      "2029-01-01 new-years-day",
      "2029-05-28 memorial-day",
      "2029-07-04 independence-day",
      "2029-09-03 labor-day",
      "2029-11-22 thanksgiving",
      "2029-12-25 christmas",
      "2030-01-01 new-years-day",
      "2030-05-27 memorial-day",
      "2030-07-04 independence-day",
      "2030-09-02 labor-day",
      "2030-11-28 thanksgiving",
      "2030-12-25 christmas",
    ]);
  });

  it("with Monday to Friday hours close the Friday before a Saturday holiday and the Monday after a Sunday one, across New Year", () => {
    const weekdaysOnly = { closedHolidays: SIX, weeklyHours: mondayToFriday };
    const closed = closures(weekdaysOnly, [2026, 2027, 2028]);
    expect(closed).toEqual(
      expect.arrayContaining([
        "2026-07-03 independence-day", // 4 July 2026 is a Saturday
        "2027-07-05 independence-day", // a Sunday
        "2027-12-24 christmas", // 25 December 2027 is a Saturday
        "2027-12-31 new-years-day", // 1 January 2028 is a Saturday: the Friday of the year before
      ]),
    );
    expect(closed.filter((entry) => entry.startsWith("2028-01-"))).toEqual([]);
    expect(closed).toHaveLength(18);
  });

  it("on a weekday the owner does not work move to the next day worked, or else the day before", () => {
    const tuesdayStart = { closedHolidays: SIX, weeklyHours: tuesdayToSaturday };
    // Memorial Day and Labor Day are Mondays: the Tuesday after.
    expect(closures(tuesdayStart, [2026])).toEqual(
      expect.arrayContaining(["2026-05-26 memorial-day", "2026-09-08 labor-day"]),
    );
    // 4 July 2027 is a Sunday and Monday is not worked either: the Saturday before.
    expect(closures(tuesdayStart, [2027])).toContain("2027-07-03 independence-day");
    // With no working day on either side, a holiday closes nothing: Christmas 2030 is a Wednesday.
    const twoDays = { closedHolidays: ["christmas" as const], weeklyHours: hours("monday", "friday") };
    expect(closures(twoDays, [2030])).toEqual([]);
  });

  it("never move onto another closed holiday: Christmas Eve and New Year's Eve 2028 are Sundays", () => {
    const season = {
      closedHolidays: ["christmas-eve", "christmas", "new-years-eve", "new-years-day"] as HolidayId[],
      weeklyHours: mondayToSaturday,
    };
    // The Mondays after are Christmas and New Year's Day, so both eves close the Saturday before.
    expect(closures(season, [2028])).toEqual([
      "2028-01-01 new-years-day",
      "2028-12-23 christmas-eve",
      "2028-12-25 christmas",
      "2028-12-30 new-years-eve",
    ]);
    expect(closures(season, [2029])[0]).toBe("2029-01-01 new-years-day");
  });

  it("are only those the owner lists: none with an empty list", () => {
    expect(closures({ closedHolidays: [], weeklyHours: mondayToSaturday }, [2026, 2027])).toEqual([]);
    const withJuneteenth = closures({ closedHolidays: ["juneteenth"], weeklyHours: mondayToFriday }, [2027]);
    expect(withJuneteenth).toEqual(["2027-06-18 juneteenth"]); // 19 June 2027 is a Saturday
  });
});

describe("the booking calendar", () => {
  it("closes the owner's holidays and opens the days the library calls public that are not listed", () => {
    const calendar = createCalendar(owner);
    for (const date of ["2026-07-04", "2026-11-26", "2026-12-25", "2027-07-05"]) {
      expect([date, calendar.isWorkingDay(date)]).toEqual([date, false]);
    }
    // Friday before a Saturday 4 July, Juneteenth, Columbus Day, Veterans Day, the day after Thanksgiving.
    for (const date of ["2026-07-03", "2026-06-19", "2026-10-12", "2026-11-11", "2026-11-27"]) {
      expect([date, calendar.isWorkingDay(date)]).toEqual([date, true]);
    }
    const open = createCalendar({ ...owner, closedHolidays: [] });
    expect(open.isWorkingDay("2026-12-25")).toBe(true);
  });
});
