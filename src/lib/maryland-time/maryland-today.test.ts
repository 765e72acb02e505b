import { marylandToday } from "./maryland-today";
import { localDate, MARYLAND } from "./local-time";

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

it("gives the date local-time.ts gives, every half hour of the days the clocks change", () => {
  for (const day of ["2026-03-08", "2026-11-01"]) {
    const midnightUtc = Date.parse(`${day}T00:00:00Z`);
    for (let step = -4; step < 56; step += 1) {
      const instant = midnightUtc + step * 30 * 60_000;
      expect(marylandToday(new Date(instant))).toBe(localDate(instant, MARYLAND));
    }
  }
});
