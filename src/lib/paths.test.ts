import { postPath, scheduleWith, servicePath, slugFromFilePath, waterPackagePath } from "./paths";

describe("paths", () => {
  it("builds service, package and post routes without trailing slashes", () => {
    expect(servicePath("radon")).toBe("/services/radon");
    expect(waterPackagePath("lender-fha-va")).toBe("/services/water-quality/lender-fha-va");
    expect(postPath("maryland-mold-law")).toBe("/blog/maryland-mold-law");
  });

  it("links to the schedule page with a service or a package chosen", () => {
    expect(scheduleWith({ service: "radon" })).toBe("/schedule?service=radon");
    expect(scheduleWith({ package: "standard" })).toBe("/schedule?package=standard");
  });

  it("takes a slug from a file name or from the folder of an index file", () => {
    expect(slugFromFilePath("/site/content/services/radon.mdx")).toBe("radon");
    expect(slugFromFilePath("/site/content/blog/maryland-mold-law/index.mdx")).toBe("maryland-mold-law");
    expect(slugFromFilePath("C:\\site\\content\\blog\\well\\index.mdx")).toBe("well");
  });
});
