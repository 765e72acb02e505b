/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { parse } from "yaml";
import {
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  validateContent,
  waterPackagesSchema,
  yamlSchemas,
  type YamlFile,
} from "./content-schema";

const contentDir = path.join(__dirname, "..", "..", "content");

function mdxFiles(folder: string): string[] {
  return readdirSync(path.join(contentDir, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => path.join(folder, file));
}

describe("every content file passes its schema", () => {
  test.each(Object.keys(yamlSchemas))("content/%s", (file) => {
    const data = parse(readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateContent(yamlSchemas[file as YamlFile], file, data)).toMatchObject({ ok: true });
  });

  test.each(mdxFiles("services"))("content/%s", (file) => {
    const { data } = matter(readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateContent(serviceFrontmatterSchema, file, data)).toMatchObject({ ok: true });
  });

  test.each(mdxFiles("blog"))("content/%s", (file) => {
    const { data } = matter(readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateContent(postFrontmatterSchema, file, data)).toMatchObject({ ok: true });
  });
});

describe("content problems name the file and the field", () => {
  const pack = {
    id: "basic",
    name: "Basic",
    summary: "Bacteria and nitrate.",
    price: 150,
    turnaround: "4 days",
    sampling: "From a cold tap.",
    suits: "Buyers.",
    order: 1,
    parameters: ["nitrate"],
  };

  it("reports a missing field as required", () => {
    const { price: _price, ...withoutPrice } = pack;
    expect(validateContent(waterPackagesSchema, "content/water-packages.yaml", [pack, withoutPrice])).toEqual({
      ok: false,
      problems: ['content/water-packages.yaml: field "[1].price" is required'],
    });
  });

  it("reports a wrong type, an unknown field and a bad value together", () => {
    const result = validateContent(waterPackagesSchema, "content/water-packages.yaml", [
      { ...pack, price: "150 dollars", colour: "blue", id: "Basic Package" },
    ]);
    expect(result).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        'content/water-packages.yaml: field "[0].price" must be a number',
        'content/water-packages.yaml: unknown field "colour" in "[0]"; check the spelling against the README\'s content model',
        'content/water-packages.yaml: field "[0].id" must be lowercase words joined by hyphens, e.g. radon-testing',
      ]),
    });
  });

  it("reports a front matter date that is not a date", () => {
    const result = validateContent(postFrontmatterSchema, "content/blog/x/index.mdx", {
      title: "T",
      description: "D",
      date: "mid April",
      author: "A",
    });
    expect(result).toEqual({
      ok: false,
      problems: ['content/blog/x/index.mdx: field "date" must be a date written as YYYY-MM-DD'],
    });
  });

  it("turns YAML dates and date strings into YYYY-MM-DD", () => {
    const base = { title: "T", description: "D", author: "A" };
    expect(
      validateContent(postFrontmatterSchema, "f", { ...base, date: new Date("2025-03-04T00:00:00Z") }),
    ).toMatchObject({
      ok: true,
      value: { date: "2025-03-04", draft: false, related: [] },
    });
    expect(validateContent(postFrontmatterSchema, "f", { ...base, date: "2025-03-04" })).toMatchObject({
      value: { date: "2025-03-04" },
    });
  });
});
