import { dateAfter, dayOfWeek, instantOf, localDate, MARYLAND, rfc3339 } from "./local-time";

it("writes an instant with Maryland's offset on either side of each clock change", () => {
  // Standard time (UTC-5) until 2026-03-08 at 2 am, daylight time (UTC-4) until 2026-11-01 at 2 am.
  expect(rfc3339(Date.parse("2026-03-08T06:59:00Z"), MARYLAND)).toBe("2026-03-08T01:59:00-05:00");
  expect(rfc3339(Date.parse("2026-03-08T07:00:00Z"), MARYLAND)).toBe("2026-03-08T03:00:00-04:00");
  expect(rfc3339(Date.parse("2026-11-01T05:30:00Z"), MARYLAND)).toBe("2026-11-01T01:30:00-04:00");
  expect(rfc3339(Date.parse("2026-11-01T06:30:00Z"), MARYLAND)).toBe("2026-11-01T01:30:00-05:00");
  expect(localDate(Date.parse("2026-03-09T03:59:00Z"), MARYLAND)).toBe("2026-03-08");
  expect(localDate(Date.parse("2026-03-09T04:00:00Z"), MARYLAND)).toBe("2026-03-09");
});

it("counts whole calendar days across the clock changes, months and leap days", () => {
  expect(dateAfter("2026-03-07", 1)).toBe("2026-03-08");
  expect(dateAfter("2026-03-08", 1)).toBe("2026-03-09");
  expect(dateAfter("2026-10-31", 2)).toBe("2026-11-02");
  expect(dateAfter("2026-11-02", -2)).toBe("2026-10-31");
  expect(dateAfter("2028-02-28", 1)).toBe("2028-02-29");
  expect(dateAfter("2026-12-31", 1)).toBe("2027-01-01");
  expect(dateAfter("2026-03-01", -1)).toBe("2026-02-28");
  expect(dateAfter("2026-11-20", 60)).toBe("2027-01-19");
});

it("names a date's weekday whatever the hour the clocks change", () => {
  expect(dayOfWeek("2026-03-08")).toBe(0);
  expect(dayOfWeek("2026-11-01")).toBe(0);
  expect(dayOfWeek("2026-11-27")).toBe(5);
});

it("has no instant for a wall time the clocks skip or repeat", () => {
  expect(instantOf("2026-03-08", "02:30", MARYLAND)).toBeNull();
  expect(instantOf("2026-11-01", "01:30", MARYLAND)).toBeNull();
  expect(instantOf("2026-11-01", "08:00", MARYLAND)).toBe(Date.parse("2026-11-01T13:00:00Z"));
});
