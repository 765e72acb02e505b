import { openingHoursNodes } from "./structured-data";

describe("openingHoursNodes", () => {
  it("gives one specification for each set of days with the same hours", () => {
    const weeklyHours = [
      { day: "monday", opens: "08:00", closes: "18:00" },
      { day: "tuesday", opens: "08:00", closes: "18:00" },
      { day: "saturday", opens: "09:00", closes: "12:00" },
    ];
    expect(openingHoursNodes(weeklyHours)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday"], opens: "08:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "12:00" },
    ]);
  });
});
