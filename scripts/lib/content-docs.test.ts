/**
 * @jest-environment node
 *
 * The content model's tables are the schemas' own: a field changed in src/lib/content/content-schema.ts
 * and not in docs/content-model.md or the README's overview fails here until
 * `npm run docs:content` rewrites them.
 */
import { z } from "zod";
import { contentTable, typeWords } from "./content-docs";
import { replaceBetweenMarkers } from "./readme-markers";
import { contentJsonSchema } from "../../src/lib/content/content-json-schema";

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
