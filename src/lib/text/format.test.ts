import { formatCount, formatDollars, formatFileSize, possessive, wordList } from "./format";

describe("formatCount and formatDollars", () => {
  const intlCount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  const intlDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

  it.each([0, 7, 200, 999, 1000, 1250, 11000, 99999, 1234567, 1000000000, 349.6, 3.4, -50, -1250, -0.2])(
    "write %p exactly as Intl's en-US formatter would",
    (value) => {
      expect(formatCount(value)).toBe(intlCount.format(value).replace(/^-0$/, "0"));
      expect(formatDollars(value)).toBe(intlDollars.format(value).replace(/^-\$0$/, "$0"));
    },
  );

  it("groups thousands with commas", () => {
    expect(formatCount(3500)).toBe("3,500");
    expect(formatDollars(12500)).toBe("$12,500");
  });
});

describe("wordList and possessive", () => {
  it("joins the last two words with 'and'", () => {
    expect(wordList(["foundation"])).toBe("foundation");
    expect(wordList(["foundation", "county"])).toBe("foundation and county");
    expect(wordList(["square feet", "foundation", "county"])).toBe("square feet, foundation and county");
  });

  it("gives a name ending in s an apostrophe alone", () => {
    expect(possessive("Severn Ridge Home Inspections")).toBe("Severn Ridge Home Inspections'");
    expect(possessive("Casey Otherbuyer")).toBe("Casey Otherbuyer's");
  });
});

describe("formatFileSize", () => {
  it("gives megabytes with one decimal, and kilobytes under one megabyte, never 0.0 MB", () => {
    expect(formatFileSize(40 * 1024 * 1024)).toBe("40.0 MB");
    expect(formatFileSize(2.8 * 1024 * 1024)).toBe("2.8 MB");
    expect(formatFileSize(8 * 1024 + 20)).toBe("9 KB");
    expect(formatFileSize(3)).toBe("1 KB");
  });
});
