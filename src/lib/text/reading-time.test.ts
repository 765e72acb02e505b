import { countWords, readingMinutes } from "./reading-time";

describe("reading time", () => {
  it("counts the words a reader sees, not markup, imports or link targets", () => {
    const mdx = [
      'import { Note } from "../note"',
      "## Radon in Maryland",
      "Read the [EPA guide](https://www.epa.gov/radon) before <Note>testing</Note>.",
    ].join("\n");
    expect(countWords(mdx)).toBe(9);
  });

  it("rounds to whole minutes and never says zero", () => {
    expect(readingMinutes("word ".repeat(10))).toBe(1);
    expect(readingMinutes("word ".repeat(225 * 4))).toBe(4);
    expect(readingMinutes("word ".repeat(225 * 4 + 200))).toBe(5);
  });
});
