import { marylandToday } from "./maryland-today";

it("takes today's date in Maryland, not in UTC", () => {
  expect(marylandToday(new Date("2026-11-23T03:30:00Z"))).toBe("2026-11-22");
  expect(marylandToday(new Date("2026-11-23T05:30:00Z"))).toBe("2026-11-23");
});

it("turns the date at Maryland's midnight on either side of a clock change", () => {
  // Daylight time (UTC-4) until 2026-11-01 at 2 am, standard time (UTC-5) after it.
  expect(marylandToday(new Date("2026-11-01T03:59:59Z"))).toBe("2026-10-31");
  expect(marylandToday(new Date("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
  expect(marylandToday(new Date("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
  expect(marylandToday(new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
});
