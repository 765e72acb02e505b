import { isCalendarDate } from "./calendar-date";

it("knows the calendar", () => {
  expect(["2026-01-31", "2028-02-29", "2026-12-31"].every(isCalendarDate)).toBe(true);
  expect(
    ["2026-13-45", "2027-02-30", "2026-04-31", "2027-02-29", "2026-00-10", "2026-1-05", "2026-01-31T00:00"].some(
      isCalendarDate,
    ),
  ).toBe(false);
});
