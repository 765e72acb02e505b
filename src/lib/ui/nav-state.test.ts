import { linkCurrent, normalizePath } from "./nav-state";

describe("linkCurrent", () => {
  it("marks the exact page as the current page, with or without a trailing slash", () => {
    expect(linkCurrent("/faq", "/faq")).toBe("page");
    expect(linkCurrent("/faq", "/faq/")).toBe("page");
    expect(linkCurrent("/", "/")).toBe("page");
  });

  it("marks a section link on a page below it", () => {
    expect(linkCurrent("/services", "/services/radon")).toBe("true");
    expect(linkCurrent("/blog", "/blog/maryland-mold-law")).toBe("true");
  });

  it("leaves other links alone, and Home only on the home page", () => {
    expect(linkCurrent("/", "/about")).toBeUndefined();
    expect(linkCurrent("/services", "/servicesx")).toBeUndefined();
    expect(linkCurrent("/about", "/faq")).toBeUndefined();
  });

  it("normalises trailing slashes but keeps the root", () => {
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/about//")).toBe("/about");
  });
});
