/** @jest-environment node */
import { typedCents } from "./desk-payments";

describe("an amount typed on the desk", () => {
  it("reads dollars as the office writes them, in cents", () => {
    expect(typedCents("475")).toBe(47_500);
    expect(typedCents("475.5")).toBe(47_550);
    expect(typedCents("$1,234.50")).toBe(123_450);
    expect(typedCents(175)).toBe(17_500);
  });

  it("refuses what is not an amount, saying how to write one", () => {
    for (const wrong of ["", "-5", "0", "1.234", "ten", "1e3", null]) {
      expect(() => typedCents(wrong)).toThrow("Write the amount in dollars, such as 475 or 475.50.");
    }
  });
});
