/** @jest-environment node */
import { createReference } from "./reference";

describe("a request's reference", () => {
  it("carries Maryland's date: 23:30 Eastern on November 25 is still the 25th", () => {
    // 04:30 UTC on the 26th is 23:30 EST on the 25th.
    expect(createReference("SR", new Date("2026-11-26T04:30:00Z"))).toMatch(/^SR-20261125-[0-9A-HJKMNP-TV-Z]{6}$/);
  });

  it("turns to the next day at midnight in Maryland, in summer time too", () => {
    // 04:00 UTC on July 4 is midnight EDT.
    expect(createReference("MSG", new Date("2026-07-04T04:00:00Z"))).toMatch(/^MSG-20260704-/);
    expect(createReference("MSG", new Date("2026-07-04T03:59:59Z"))).toMatch(/^MSG-20260703-/);
  });
});
