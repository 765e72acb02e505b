/**
 * @jest-environment node
 *
 * The content model's tables are the schemas' own: a field changed in src/lib/content-schema.ts
 * and not in docs/content-model.md or the README's overview fails here until
 * `npm run docs:content` rewrites them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { contentTable, contentTables, documents, markerName, OVERVIEW, overviewTable, typeWords } from "./content-docs";
import { betweenMarkers, replaceBetweenMarkers } from "./readme-markers";
import { contentJsonSchema } from "../../src/lib/content-json-schema";

const read = (file: string) => readFileSync(path.join(__dirname, "..", "..", file), "utf8");

/** Fails, naming the command that fixes it, unless `document` holds `made` between the markers of `name`. */
function expectWritten(file: string, name: string, made: string) {
  const written = betweenMarkers(read(file), markerName(name));
  if (written === undefined) throw new Error(`${file} has no <!-- ${markerName(name)}:start --> ... :end -->`);
  if (written !== made) {
    const differs = made.split("\n").find((line, index) => line !== written.split("\n")[index]);
    throw new Error(
      `${file}'s table of ${name} differs from src/lib/content-schema.ts: run npm run docs:content\n` +
        `first row that differs, as the schema makes it:\n${differs ?? `(${file} has more rows)`}`,
    );
  }
}

test.each(contentTables.map((table) => table.name))(
  `${documents.fields}'s table of %s is what its schema makes`,
  (name) => {
    expectWritten(documents.fields, name, contentTable(contentTables.find((table) => table.name === name)!.schema));
  },
);

test(`${documents.overview}'s overview of the content files is what the schemas make`, () => {
  expectWritten(documents.overview, OVERVIEW, overviewTable());
});

test("a field's type reads as a writer would say it", () => {
  const words = (schema: z.ZodType) => typeWords(contentJsonSchema(schema));
  expect(words(z.string())).toBe("text");
  expect(words(z.number().int().min(1).max(365))).toBe("whole number from 1 to 365");
  expect(words(z.enum(["a", "b"]))).toBe("one of `a`, `b`");
  expect(words(z.array(z.strictObject({ x: z.string() })).max(6))).toBe(
    "list of entries, each with the fields below, at most 6",
  );
  expect(() => words(z.string().regex(/^x+$/))).toThrow("Name the pattern ^x+$ in content-schema.ts's patterns");
});

test("the table, field by field, nested fields named after their group", () => {
  const schema = z.strictObject({
    draft: z.boolean().default(false).meta({ description: "Left out when published" }),
    place: z.strictObject({ town: z.string().optional() }),
  });
  expect(contentTable(schema).split("\n")).toEqual([
    "| field        | type              | required     | what it is              |",
    "| ------------ | ----------------- | ------------ | ----------------------- |",
    "| `draft`      | `true` or `false` | no (`false`) | Left out when published |",
    "| `place`      | the fields below  | yes          |                         |",
    "| `place.town` | text              | no           |                         |",
  ]);
});

test("writing between markers keeps what is around them, and needs the markers", () => {
  const text = "before\n<!-- t:start -->\nold\n<!-- t:end -->\nafter";
  expect(replaceBetweenMarkers(text, "t", "new")).toBe("before\n<!-- t:start -->\n\nnew\n\n<!-- t:end -->\nafter");
  expect(() => replaceBetweenMarkers(text, "u", "new")).toThrow(
    "no <!-- u:start --> ... <!-- u:end --> to write between",
  );
});
