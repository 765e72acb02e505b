import { bookedSpanText, bookedTimeText } from "./booked-time";

describe("a booked time in words", () => {
  it("names the day and the hour as Maryland's clock shows them", () => {
    expect(bookedTimeText("2026-12-01T10:00:00-05:00")).toBe("Tuesday, December 1, 2026, 10 am");
  });

  it("runs from the start to the end of the time on site", () => {
    expect(bookedSpanText("2026-12-01T10:00:00-05:00", 150)).toBe("Tuesday, December 1, 2026, 10 am to 12:30 pm");
    expect(bookedSpanText("2026-07-04T08:30:00-04:00", 210)).toBe("Saturday, July 4, 2026, 8:30 am to noon");
  });
});
