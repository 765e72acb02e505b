/** @jest-environment node */
import { readTags } from "./html";

describe("readTags", () => {
  it("reads tags and attributes in document order, decoding character references", () => {
    const tags = readTags(
      `<a href="/schedule?service=radon&amp;from=home" class='x'>Go</a><img src=/a.png alt="a > b" hidden>`,
    );
    expect(tags.map((tag) => tag.name)).toEqual(["a", "img"]);
    expect(tags[0]!.attributes).toEqual({ href: "/schedule?service=radon&from=home", class: "x" });
    expect(tags[1]!.attributes).toEqual({ src: "/a.png", alt: "a > b", hidden: "" });
  });

  it("keeps script and style text as text, not tags, and skips comments", () => {
    const tags = readTags(
      `<!-- <a href="/commented-out"> --><script>var s = "<a href='/in-a-string'>";</script><style>a>b{}</style><p>`,
    );
    expect(tags.map((tag) => tag.name)).toEqual(["script", "style", "p"]);
    expect(tags[0]!.text).toBe(`var s = "<a href='/in-a-string'>";`);
    expect(tags[1]!.text).toBe("a>b{}");
  });

  it("reads attributes over several lines, as Gatsby writes its chunk-map script", () => {
    const [tag] = readTags(`<script\n            id="gatsby-chunk-mapping"\n          >window.x=1</script>`);
    expect(tag).toEqual({ name: "script", attributes: { id: "gatsby-chunk-mapping" }, text: "window.x=1" });
  });

  it("decodes numeric and named references in attribute values, as a browser does", () => {
    const [tag] = readTags(`<a title="Sewer &amp; Septic &#x2F; &#47; &quot;q&quot; &unknown; &eacute; ?a=1&copy=2">`);
    expect(tag!.attributes.title).toBe('Sewer & Septic / / "q" &unknown; é ?a=1&copy=2');
  });
});
