import { waterPackages } from "../content/business-data";
import { waterPackageTitle } from "./water-package-title";

describe("waterPackageTitle", () => {
  it("adds Water Test to a package's name", () => {
    expect(waterPackageTitle("Basic Potability")).toBe("Basic Potability Water Test");
    expect(waterPackageTitle("Lender FHA / VA")).toBe("Lender FHA / VA Water Test");
  });

  it("says Water once when the name ends with it", () => {
    expect(waterPackageTitle("Radon in Water")).toBe("Radon in Water Test");
  });

  it.each(waterPackages.map(({ name }) => name))("never repeats a word in the title of %s", (name) => {
    expect(waterPackageTitle(name)).not.toMatch(/\b(\w+) \1\b/i);
  });
});
