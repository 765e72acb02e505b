import { withBlocksSpaced } from "./search-index";

/** The words of an HTML fragment as a text extractor that joins elements without a space reads them. */
function joinedText(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return (body.textContent ?? "").replace(/\s+/g, " ").trim();
}

describe("withBlocksSpaced", () => {
  it("keeps a term apart from its definition, and header cells and a caption apart", () => {
    const facts =
      '<dl><div><dt class="x">Price</dt><dd>$125</dd></div><div><dt>Laboratory turnaround</dt>' +
      "<dd>About 5 to 7 business days</dd><dd>Not a promise.</dd></div></dl>";
    expect(joinedText(facts)).toBe("Price$125Laboratory turnaroundAbout 5 to 7 business daysNot a promise.");
    expect(joinedText(withBlocksSpaced(facts))).toBe(
      "Price $125 Laboratory turnaround About 5 to 7 business days Not a promise.",
    );
    const table = "<table><caption>Limits</caption><tr><th>Parameter</th><th>Limit</th></tr></table>";
    expect(joinedText(withBlocksSpaced(table))).toBe("Limits Parameter Limit");
  });

  it("puts no space before the end of the enclosing block, so Pagefind still ends it with a full stop", () => {
    expect(withBlocksSpaced("<div><dt>Price</dt><dd>$125</dd></div>")).toBe(
      " <div> <dt>Price</dt>  <dd>$125</dd></div> ",
    );
  });

  it("leaves the words inside a line of text as they are", () => {
    const line = '<p>A <a href="/x">link</a>, <strong>bold</strong>ly and 10<sup>4</sup> <span>pCi</span>/L</p>';
    expect(joinedText(withBlocksSpaced(line))).toBe("A link, boldly and 104 pCi/L");
  });

  it("adds only whitespace, so the page parses to the same elements", () => {
    const page =
      '<!DOCTYPE html><html><head><title>T</title></head><body><main><!--$--><h1 id="t">T</h1>' +
      '<dl><dt>a</dt><dd>b</dd></dl><img alt="a &gt; b" src="/i.png"><script>if (1<2) {}</script></main></body></html>';
    const elements = (html: string) =>
      [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("*")].map(
        (element) => `${element.tagName} ${[...element.attributes].map((a) => `${a.name}=${a.value}`).join(" ")}`,
      );
    expect(elements(withBlocksSpaced(page))).toEqual(elements(page));
    expect(withBlocksSpaced(page).replace(/\s+/g, "")).toBe(page.replace(/\s+/g, ""));
  });
});
