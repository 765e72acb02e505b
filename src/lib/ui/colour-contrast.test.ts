import { contrastRatio } from "./colour-contrast";

describe("the contrast of two colours", () => {
  it("is WCAG's ratio, whichever comes first", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // The site's brand-700 on white, as src/styles/global.css states it.
    expect(contrastRatio("#ffffff", "#174f73")).toBeCloseTo(8.7, 1);
    expect(contrastRatio("#e0a93b", "#ffffff")).toBeLessThan(3);
  });
});
