/** @jest-environment node */
import { readInput } from "../desk-action";
import { typedDollars } from "./money";

describe("an amount typed on the desk", () => {
  it("reads dollars and cents as people write them, in cents", () => {
    expect(readInput(typedDollars, "475")).toBe(47_500);
    expect(readInput(typedDollars, "475.5")).toBe(47_550);
    expect(readInput(typedDollars, "475.05")).toBe(47_505);
    expect(readInput(typedDollars, "$1,234.50")).toBe(123_450);
    expect(readInput(typedDollars, " $ 1234.50 ")).toBe(123_450);
    expect(readInput(typedDollars, "$12,345")).toBe(1_234_500);
    expect(readInput(typedDollars, 175)).toBe(17_500);
  });

  it("refuses what is not an amount, saying how to write one", () => {
    for (const wrong of [
      "",
      "-5",
      "0",
      "0.00",
      "1.234",
      "ten",
      "1e3",
      "$1,2,3",
      "1,23",
      "12,34.5",
      "1,,234",
      ".5",
      null,
      undefined,
    ]) {
      expect(() => readInput(typedDollars, wrong)).toThrow("Write the amount in dollars, such as 475 or 475.50.");
    }
  });
});
