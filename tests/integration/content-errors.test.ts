/**
 * A writer's mistake in content stops `gatsby build` with the file and the field named.
 * One build of a copy of the site with several broken files; every problem is reported.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse, stringify } from "yaml";
import { copySite, gatsbyBuild } from "../../scripts/lib/site-copy";

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(dir, file);
  const before = await readFile(full, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`The fixture edit did not change ${file}`);
  await writeFile(full, after);
}

let result: { code: number | null; output: string };

beforeAll(async () => {
  const site = await copySite();
  try {
    await edit(site.dir, "content/water-packages.yaml", (text) => {
      const packages = parse(text) as Record<string, unknown>[];
      delete packages[1]!.price;
      return stringify(packages);
    });
    await edit(site.dir, "content/site.yaml", (text) => text.replace("phone: (410) 555-0142", "phone: call us"));
    await edit(site.dir, "content/page-sources.yaml", (text) => {
      const pages = parse(text) as Record<string, unknown>[];
      delete pages[1]!.lastReviewed;
      return stringify(pages);
    });
    await edit(site.dir, "content/services/radon.mdx", (text) =>
      text.replace("title: Radon Testing", "titel: Radon Testing"),
    );
    // A colon in an unquoted value: the front matter is no longer YAML.
    await edit(site.dir, "content/services/mold.mdx", (text) =>
      text.replace("title: Mold Inspection", "title: Mold: Inspection"),
    );
    await edit(site.dir, "content/blog/septic-inspections-maryland/index.mdx", (text) =>
      text.replace("date: 2025-04-15", "date: mid April"),
    );
    await edit(site.dir, "content/blog/well-inspections-maryland/index.mdx", (text) => `${text}\n<Gallery />\n`);
    // A tag never closed: gatsby-plugin-mdx cannot compile the copy at all.
    await edit(site.dir, "content/services/commercial.mdx", (text) => `${text}\n<div>\n`);
    await edit(
      site.dir,
      "content/blog/walk-talk-vs-inspection/index.mdx",
      (text) => `${text}\n<PackageComparison />\n`,
    );
    // An area page's fact with no source, another with no date, and a county of pricing.yaml with no page.
    await edit(site.dir, "content/areas/calvert.mdx", (text) =>
      text.replace(/sources:\n(?: {6}- label: .*\n {8}url: .*\n)+/, "sources: []\n"),
    );
    await edit(site.dir, "content/areas/carroll.mdx", (text) => text.replace(/\n {4}checked: 2026-12-07\n/, "\n"));
    await rm(path.join(site.dir, "content/areas/kent.mdx"));
    result = await gatsbyBuild(site.dir);
  } finally {
    await site.remove();
  }
});

test("the build fails", () => {
  expect(result.code).not.toBe(0);
  expect(result.output).toMatch(/Content error: \d+ problems in content\//);
});

test.each([
  ['content/water-packages.yaml: field "[1].price" is required'],
  ['content/site.yaml: field "phone" must be a US number written as (410) 555-0142'],
  ['content/page-sources.yaml: field "[1].lastReviewed" is required'],
  ['content/services/radon.mdx: unknown field "titel"'],
  ['content/services/radon.mdx: field "title" is required'],
  [
    "content/services/mold.mdx: the front matter is not valid YAML: Nested mappings are not allowed in compact mappings at line 2",
  ],
  ['content/blog/septic-inspections-maryland/index.mdx: field "date" must be a date written as YYYY-MM-DD'],
  [
    "content/blog/well-inspections-maryland/index.mdx: the copy is not valid MDX: Expected component `Gallery` to be defined",
  ],
  ["content/blog/walk-talk-vs-inspection/index.mdx: <PackageComparison /> can be placed on service pages only"],
  ["content/services/commercial.mdx: the copy is not valid MDX: Expected a closing tag for `<div>`"],
  ['content/areas/calvert.mdx: field "facts[0].sources" must name at least one source'],
  ['content/areas/carroll.mdx: field "facts[0].checked" is required'],
  ['content/pricing.yaml: the county "Kent" has no area page; add content/areas/kent.mdx'],
])("names the file and the field: %s", (message) => {
  expect(result.output).toContain(message);
});
