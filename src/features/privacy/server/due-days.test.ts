import { instantOf, localDate, MARYLAND } from "../../../lib/maryland-time/local-time";
import { dueBefore, goesOn, type Period } from "./due-days";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant of a Maryland day and time. */
const at = (day: string, time = "10:00") => instantOf(day, time, MARYLAND)!;

describe("the day a kept record goes", () => {
  it("is the same date so many years later, on Maryland's calendar whatever the hour", () => {
    expect(goesOn(at("2027-03-10"), { years: 1 })).toBe("2028-03-10");
    // 11:30 pm in Maryland is already the next day in UTC: the day counted from is Maryland's.
    expect(goesOn(at("2027-03-10", "23:30"), { years: 1 })).toBe("2028-03-10");
  });

  it("ends a visit of 31 January's agreement (a month on, then its years) on the last day of February", () => {
    expect(goesOn(at("2026-01-31"), { years: 5, months: 1 })).toBe("2031-02-28");
    // Into a leap year, the last day of February is the 29th.
    expect(goesOn(at("2027-01-31"), { years: 5, months: 1 })).toBe("2032-02-29");
  });

  it("ends a period counted from 29 February on 28 February of a common year, and on 29 February of a leap one", () => {
    expect(goesOn(at("2028-02-29"), { years: 3 })).toBe("2031-02-28");
    expect(goesOn(at("2028-02-29"), { years: 4 })).toBe("2032-02-29");
  });
});

describe("what the pass of a day deletes", () => {
  /** Every day of 2028 (a leap year, with both clock changes) as a Maryland morning. */
  const days = Array.from({ length: 366 }, (_, index) =>
    localDate(at("2028-01-01") + index * DAY_MS + 3 * 3600_000, MARYLAND),
  );

  it.each<[string, Period]>([
    ["a year", { years: 1 }],
    ["three years", { years: 3 }],
    ["five years and a month", { years: 5, months: 1 }],
  ])("is exactly what the page says goes that day or before, for a period of %s", (_, period) => {
    for (const today of ["2029-02-28", "2029-03-01", "2031-02-28", "2031-03-01", "2033-02-28", "2033-03-31"]) {
      const before = Date.parse(dueBefore(today, period));
      const mismatched = days.filter((day) =>
        [at(day, "00:00"), at(day, "23:59")].some((from) => goesOn(from, period) <= today !== from < before),
      );
      expect({ today, mismatched }).toEqual({ today, mismatched: [] });
    }
  });
});
