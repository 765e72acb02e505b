import { excerptParts, isSearchable, resultsStatus, routeOfResult } from "./search";

describe("isSearchable", () => {
  it.each([
    "/services/radon",
    "/services/water-quality/basic-potability",
    "/areas/frederick",
    "/services/lead-paint-legal-requirements",
    "/faq",
    "/about",
    "/privacy",
    "/blog/maryland-mold-law",
  ])("indexes %s", (route) => expect(isSearchable(route)).toBe(true));

  it.each([
    "/",
    "/services",
    "/areas",
    "/blog",
    "/blog/2",
    "/blog/topics/mold",
    "/schedule",
    "/contact",
    "/search",
    "/404",
  ])("leaves out %s", (route) => expect(isSearchable(route)).toBe(false));
});

describe("routeOfResult", () => {
  it("gives the site's address of a built file", () => {
    expect(routeOfResult("/services/radon.html")).toBe("/services/radon");
    expect(routeOfResult("/faq/index.html")).toBe("/faq");
    expect(routeOfResult("/blog/maryland-mold-law/")).toBe("/blog/maryland-mold-law");
    expect(routeOfResult("/index.html")).toBe("/");
  });
});

describe("excerptParts", () => {
  it("marks the matching words and keeps the rest as text", () => {
    expect(excerptParts("a <mark>radon</mark> test &amp; <mark>mitigation</mark>")).toEqual([
      { text: "a ", match: false },
      { text: "radon", match: true },
      { text: " test & ", match: false },
      { text: "mitigation", match: true },
    ]);
  });

  it("never turns escaped markup into tags", () => {
    expect(excerptParts("&lt;script&gt;alert(1)&lt;/script&gt;")).toEqual([
      { text: "<script>alert(1)</script>", match: false },
    ]);
  });

  it("reads quotes and apostrophes, named or numbered", () => {
    expect(excerptParts("&quot;Radon&quot; isn&#39;t a <mark>county&apos;s</mark> problem")).toEqual([
      { text: '"Radon" isn\'t a ', match: false },
      { text: "county's", match: true },
      { text: " problem", match: false },
    ]);
  });
});

describe("resultsStatus", () => {
  it("says how many match and how many are shown", () => {
    expect(resultsStatus({ query: "radon", total: 12, shown: 10 })).toMatch(
      /^12 pages match “radon”, the first 10 shown\./,
    );
    expect(resultsStatus({ query: "radon", total: 3, shown: 3 })).toMatch(/^3 pages match “radon”\./);
    expect(resultsStatus({ query: "zzyzx", total: 0, shown: 0 })).toBe("No pages match “zzyzx”.");
  });

  it("says all are shown once more results have been added", () => {
    expect(resultsStatus({ query: "radon", total: 12, shown: 12 })).toMatch(/^12 pages match “radon”, all 12 shown\./);
  });
});
