import { marylandTimeText } from "./managed-booking";

describe("an instant on Maryland's clock", () => {
  it("reads UTC and any offset as Eastern time, in winter and in summer", () => {
    expect(marylandTimeText("2026-11-27T02:30:00Z")).toBe("Thursday, November 26, 2026, 9:30 pm");
    expect(marylandTimeText("2026-07-04T16:00:00Z")).toBe("Saturday, July 4, 2026, noon");
    expect(marylandTimeText("2026-12-01T10:00:00-05:00")).toBe("Tuesday, December 1, 2026, 10 am");
  });

  it("says midnight, not 24:00", () => {
    expect(marylandTimeText("2026-12-02T05:00:00Z")).toBe("Wednesday, December 2, 2026, midnight");
  });
});
