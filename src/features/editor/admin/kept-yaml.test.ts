import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as YAML from "yaml";
import { frontMatterFormat, keptYaml, SOURCE_KEY, yamlFileFormat } from "./kept-yaml.mjs";

const contentDir = path.join(__dirname, "..", "..", "..", "..", "content");
const read = (name: string) => readFileSync(path.join(contentDir, name), "utf8");
const posts = frontMatterFormat(YAML);
const yamlFiles = yamlFileFormat(YAML, "entries");

/** The data as Decap hands it back: it keeps an entry as an Immutable map, so plain JSON. */
const asDecapKeepsIt = (data: Record<string, unknown>) => JSON.parse(JSON.stringify(data)) as Record<string, unknown>;

/** Decap ends every file it writes with a line break (backend.ts, entryToRaw). */
const saved = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

/** The lines of `after` that differ from `before`, for two texts of the same number of lines. */
function changedLines(before: string, after: string): Array<[string, string]> {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

const postOrder = ["title", "description", "date", "updated", "lastReviewed", "author", "draft", "topics", "body"];

describe("a file saved by the editor", () => {
  const files = readdirSync(contentDir, { recursive: true, encoding: "utf8" }).filter((name) =>
    /\.(mdx?|ya?ml)$/.test(name),
  );

  test.each(files)("%s, saved unchanged, is byte for byte the file read", (name) => {
    const format = /\.ya?ml$/.test(name) ? yamlFiles : posts;
    const text = read(name);
    expect(saved(format.toFile(asDecapKeepsIt(format.fromFile(text))))).toBe(text);
  });

  test("a post's edited description changes that line only, quoted as it was", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text));
    const after = saved(
      posts.toFile({ ...data, description: "What the law asks of landlords: a pamphlet." }, postOrder),
    );
    expect(changedLines(text, after)).toEqual([
      [
        expect.stringMatching(/^description: "Since July 1, 2025/),
        'description: "What the law asks of landlords: a pamphlet."',
      ],
    ]);
  });

  test("an unquoted description that needs quotes now is quoted, and nothing else moves", () => {
    const text = read("blog/walk-talk-vs-inspection/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text));
    const after = saved(posts.toFile({ ...data, description: "Walk-and-talk: no report, no inspection." }, postOrder));
    expect(changedLines(text, after)).toEqual([
      [
        expect.stringMatching(/^description: A walk-and-talk/),
        'description: "Walk-and-talk: no report, no inspection."',
      ],
    ]);
    expect(posts.fromFile(after)).toMatchObject({ description: "Walk-and-talk: no report, no inspection." });
  });

  test("one source's address in a list of sources changes that line only", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text)) as { sources: Array<{ label: string; url: string }> };
    const sources = data.sources.map((source, i) =>
      i === 1 ? { ...source, url: "https://example.gov/rp-8-220" } : source,
    );
    const after = saved(posts.toFile({ ...data, sources }, postOrder));
    expect(changedLines(text, after)).toEqual([
      [expect.stringContaining("url: https://lexace.ai/"), "    url: https://example.gov/rp-8-220"],
    ]);
  });

  test("a flow list stays a flow list", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text));
    const after = saved(posts.toFile({ ...data, topics: ["mold", "buying-a-home"] }, postOrder));
    expect(changedLines(text, after)).toEqual([["topics: [mold, maryland-law]", "topics: [mold, buying-a-home]"]]);
  });

  test("a field filled in for the first time goes on its own line where the editor's order puts it", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text));
    const after = saved(posts.toFile({ ...data, updated: "2026-12-01" }, postOrder));
    expect(after).toBe(text.replace("date: 2025-07-08\n", "date: 2025-07-08\nupdated: 2026-12-01\n"));
  });

  test("a field emptied in the editor loses its line, and its neighbours' comments stay", () => {
    const source = "title: A\n# why it was reviewed\nlastReviewed: 2026-11-23 # by Dan\nauthor: Daniel Reyes\n";
    const { lastReviewed: _dropped, ...rest } = YAML.parse(source) as Record<string, unknown>;
    expect(keptYaml(YAML, source, rest, postOrder)).toBe("title: A\n# why it was reviewed\nauthor: Daniel Reyes\n");
    expect(keptYaml(YAML, source, { ...rest, lastReviewed: "2026-12-01" }, postOrder)).toBe(
      "title: A\n# why it was reviewed\nlastReviewed: 2026-12-01 # by Dan\nauthor: Daniel Reyes\n",
    );
  });

  test("a source added to the list rewrites that list, and the lines around it stay", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text)) as { sources: Array<{ label: string; url: string }> };
    const sources = [...data.sources, { label: "MDE, Mold", url: "https://mde.maryland.gov/mold" }];
    const after = saved(posts.toFile({ ...data, sources }, postOrder));
    const closing = text.indexOf("\n---\n", 4);
    expect(after).toBe(
      `${text.slice(0, closing)}\n  - label: MDE, Mold\n    url: https://mde.maryland.gov/mold${text.slice(closing)}`,
    );
  });

  test("a body edit leaves the front matter as it was", () => {
    const text = read("blog/maryland-mold-law/index.mdx");
    const data = asDecapKeepsIt(posts.fromFile(text));
    const after = posts.toFile({ ...data, body: "\nNew copy.\n" }, postOrder);
    expect(after.slice(0, after.indexOf("\n---\n", 4))).toBe(text.slice(0, text.indexOf("\n---\n", 4)));
    expect(after.endsWith("\n---\n\nNew copy.\n")).toBe(true);
  });

  test("one price in pricing.yaml changes that line only", () => {
    const text = read("pricing.yaml");
    const data = asDecapKeepsIt(yamlFiles.fromFile(text)) as { addOns: Array<{ label: string; price: number }> };
    const addOns = data.addOns.map((addOn) => (addOn.label.startsWith("Radon") ? { ...addOn, price: 195 } : addOn));
    const after = saved(yamlFiles.toFile({ ...data, addOns }));
    const radon = "  - { id: radon, label: Radon test (48-hour continuous monitor), service: radon, price: 175 }";
    expect(changedLines(text, after)).toEqual([[radon, radon.replace("175", "195")]]);
  });

  test("a file that is a plain list is written back as that list", () => {
    const text = read("faq.yaml");
    const data = asDecapKeepsIt(yamlFiles.fromFile(text));
    expect(Object.keys(data)).toEqual(["entries", SOURCE_KEY]);
    const { [SOURCE_KEY]: _source, ...withoutSource } = data;
    expect(YAML.parse(yamlFiles.toFile(withoutSource))).toEqual(YAML.parse(text));
  });

  test("a new post is written in the editor's field order, long lines whole, with no trace of the source key", () => {
    const description = "A description longer than eighty characters, which the site writes on a single line.";
    const text = posts.toFile(
      { author: "Daniel Reyes", title: "New", description, date: "2026-12-01", draft: false, body: "Copy.\n" },
      postOrder,
    );
    expect(text).toBe(
      `---\ntitle: New\ndescription: ${description}\ndate: 2026-12-01\nauthor: Daniel Reyes\ndraft: false\n---\nCopy.\n`,
    );
  });
});
