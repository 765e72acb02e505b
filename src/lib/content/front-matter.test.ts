/** @jest-environment node */
import { readFrontMatter } from "./front-matter";

describe("readFrontMatter", () => {
  test("splits the front matter from the copy, which starts on the line after the closing ---", () => {
    expect(readFrontMatter("---\ntitle: Radon Testing\nsources: [a, b]\n---\n## Why test\n")).toEqual({
      data: { title: "Radon Testing", sources: ["a", "b"] },
      body: "## Why test\n",
    });
  });

  test("keeps a YYYY-MM-DD date as its text, as YAML 1.2 reads it (content-fields.ts checks it)", () => {
    expect(readFrontMatter("---\ndate: 2025-04-15\nlastReviewed: '2025-05-01'\n---\n").data).toEqual({
      date: "2025-04-15",
      lastReviewed: "2025-05-01",
    });
  });

  test("reads Windows line ends and a byte order mark; an empty block, or none, is no fields", () => {
    expect(readFrontMatter("\uFEFF---\r\ntitle: A\r\n---\r\nCopy")).toEqual({ data: { title: "A" }, body: "Copy" });
    expect(readFrontMatter("---\n# only a comment\n---\nCopy")).toEqual({ data: {}, body: "Copy" });
    expect(readFrontMatter("---\n---\nCopy")).toEqual({ data: {}, body: "Copy" });
    expect(readFrontMatter("Copy without front matter")).toEqual({ data: {}, body: "Copy without front matter" });
  });

  test("a --- line later in the copy is the copy's: only the first closing line ends the front matter", () => {
    expect(readFrontMatter("---\ntitle: A\n---\nOne\n\n---\n\nTwo").body).toBe("One\n\n---\n\nTwo");
  });

  test("YAML that does not parse is refused with its line in the file", () => {
    expect(() => readFrontMatter("---\ntitle: Radon Testing\nsummary: Radon: the gas\n---\n")).toThrow(
      /^the front matter is not valid YAML: .* at line 3, column 10/,
    );
    expect(() => readFrontMatter("---\ntitle: A\ntitle: B\n---\n")).toThrow(/not valid YAML: Map keys must be unique/);
  });

  test("front matter without its closing line is refused, not read as copy", () => {
    expect(() => readFrontMatter("---\ntitle: A\n\nThe copy.\n")).toThrow("the front matter has no closing --- line");
  });
});
