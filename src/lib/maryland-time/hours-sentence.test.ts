import { clockWords, hoursSentence } from "./hours-sentence";

describe("the opening-hours sentence", () => {
  it("joins consecutive days with the same hours", () => {
    const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
    expect(hoursSentence(weekdays.map((day) => ({ day, opens: "08:00", closes: "18:00" })))).toBe(
      "Monday to Saturday, 8 am to 6 pm",
    );
  });

  it("names each run of days, in week order, with its own hours", () => {
    expect(
      hoursSentence([
        { day: "saturday", opens: "09:00", closes: "12:00" },
        { day: "monday", opens: "08:30", closes: "17:30" },
        { day: "tuesday", opens: "08:30", closes: "17:30" },
        { day: "thursday", opens: "08:30", closes: "17:30" },
      ]),
    ).toBe("Monday and Tuesday, 8:30 am to 5:30 pm; Thursday, 8:30 am to 5:30 pm; Saturday, 9 am to noon");
  });

  it("says clock times as people do", () => {
    expect(["00:00", "07:05", "12:00", "12:30", "23:45"].map(clockWords)).toEqual([
      "midnight",
      "7:05 am",
      "noon",
      "12:30 pm",
      "11:45 pm",
    ]);
  });
});
