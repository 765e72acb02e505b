import { escapeHtml } from "./html-escape";

describe("escapeHtml", () => {
  it("makes markup characters text, in an element or a double-quoted attribute", () => {
    expect(escapeHtml('<a href="/x?a=1&b=2">Tom & Jerry</a>')).toBe(
      "&lt;a href=&quot;/x?a=1&amp;b=2&quot;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("escapes an ampersand once, so an entity already written shows as written", () => {
    expect(escapeHtml("&amp; &lt;")).toBe("&amp;amp; &amp;lt;");
  });

  it("leaves everything else as it is: apostrophes, accents, emoji", () => {
    expect(escapeHtml("It's Ménière's 🙂 'self'")).toBe("It's Ménière's 🙂 'self'");
  });
});
