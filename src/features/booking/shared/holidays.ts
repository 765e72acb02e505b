/**
 * The days the business closes for its holidays: the owner lists them in availability.yaml (`closedHolidays`,
 * by id) and the date-holidays library dates each from its US and Maryland rules; a holiday on a weekday the
 * owner does not work moves to an observed day (below). Runs on the server only (date-holidays carries every
 * country's rules).
 */
import type HolidaysOfAnyCountry from "date-holidays";
import type { AvailabilityContent } from "../../../lib/content/content-schema";
import type { HolidayId, Weekday } from "../../../lib/content/availability-schema";
import { dateAfter, dayOfWeek } from "../../../lib/maryland-time/local-time";

/**
 * The CommonJS build, by require: an import picks the ES build, whose 800 KB data module Gatsby's
 * function bundler runs through Babel, which has nothing to change in it and says so on every
 * build ("[BABEL] Note: The code generator has deoptimised the styling", shown as ERROR UNKNOWN).
 * The bundler leaves .cjs files to webpack alone. Required when a year's dates are first asked
 * for: its every country's rules and time zones are 20 MB of a process's memory, which a function
 * that never works out open times (the contact form's, say) need not hold.
 */
const holidaysLibrary = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the reason is above
  new (require("date-holidays") as typeof HolidaysOfAnyCountry)("US", "MD");

/** Each holiday's American English name ("en-us") in date-holidays' data for Maryland, federal days included. */
const LIBRARY_NAMES: Record<HolidayId, string> = {
  "new-years-day": "New Year's Day",
  "martin-luther-king-day": "Martin Luther King Jr. Day",
  "presidents-day": "President's Day",
  "memorial-day": "Memorial Day",
  juneteenth: "Juneteenth",
  "independence-day": "Independence Day",
  "labor-day": "Labor Day",
  "columbus-day": "Columbus Day",
  "veterans-day": "Veterans Day",
  thanksgiving: "Thanksgiving Day",
  // Maryland's name for the Friday after Thanksgiving.
  "day-after-thanksgiving": "Native American Heritage Day",
  "christmas-eve": "Christmas Eve",
  christmas: "Christmas Day",
  "new-years-eve": "New Year's Eve",
};

const WEEKDAYS: Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const weekdayOf = (date: string) => WEEKDAYS[dayOfWeek(date)]!;

let library: HolidaysOfAnyCountry | undefined;
const datesByYear = new Map<number, Map<HolidayId, string>>();

/**
 * Each holiday's own date (YYYY-MM-DD) in a year, as the library's rules give it, never its
 * federal substitute day. A holiday the year does not have yet (Juneteenth before 2021) is absent.
 */
export function holidayDates(year: number): Map<HolidayId, string> {
  let dates = datesByYear.get(year);
  if (!dates) {
    library ??= holidaysLibrary();
    const own = library.getHolidays(year, "en-us").filter((holiday) => !holiday.substitute);
    dates = new Map();
    for (const [id, name] of Object.entries(LIBRARY_NAMES) as Array<[HolidayId, string]>) {
      const named = own.filter((holiday) => holiday.name === name);
      if (named.length > 1) throw new Error(`date-holidays has ${named.length} days named "${name}" in ${year}`);
      if (named[0]) dates.set(id, named[0].date.slice(0, 10));
    }
    datesByYear.set(year, dates);
  }
  return dates;
}

/**
 * The owner's holiday closures: for a year, each date it closes (YYYY-MM-DD) and the holiday that
 * closes it. A holiday near New Year can close a day of the year before or after its own.
 */
export function holidayClosures({
  closedHolidays,
  weeklyHours,
}: Pick<AvailabilityContent, "closedHolidays" | "weeklyHours">): (year: number) => Map<string, HolidayId> {
  const worked = new Set(weeklyHours.map((entry) => entry.day));
  const byYear = new Map<number, Map<string, HolidayId>>();
  return (year) => {
    let closed = byYear.get(year);
    if (!closed) {
      const occurrences = [year - 1, year, year + 1].flatMap((each) => {
        const dates = holidayDates(each);
        return closedHolidays.flatMap((id) => (dates.has(id) ? [{ id, date: dates.get(id)! }] : []));
      });
      const holidayOn = new Set(occurrences.map((occurrence) => occurrence.date));
      const canTake = (date: string) => worked.has(weekdayOf(date)) && !holidayOn.has(date);
      // The observed day: a holiday closes its own date when the owner works that weekday (weeklyHours; blocked dates
      // do not count). Otherwise the next day, if worked and not another closed holiday's own date; failing that the
      // day before on the same terms; failing both, nothing. With Monday-to-Friday hours a Saturday holiday closes
      // the Friday before and a Sunday one the Monday after, as federal offices do.
      closed = new Map();
      for (const { id, date } of occurrences) {
        const observed = worked.has(weekdayOf(date)) ? date : [dateAfter(date, 1), dateAfter(date, -1)].find(canTake);
        if (observed?.startsWith(`${year}-`)) closed.set(observed, id);
      }
      byYear.set(year, closed);
    }
    return closed;
  };
}
