/**
 * The content model's tables, made from the content schemas (src/lib/content/content-schema.ts): each file's fields,
 * types, whether required and their `.meta({ description })`, in docs/content-model.md and
 * docs/business-content.md, and an overview in the README. `npm run docs` writes them between
 * `content-model:<name>` markers; generated-docs.test.ts fails while they differ.
 */
import type { z } from "zod";
import { contentJsonSchema, fieldsOf, upperLimit, type JsonSchema } from "../../src/lib/content/content-json-schema";
import { editorConfig } from "../../src/features/editor/shared/editor-config";
import {
  agreementFrontmatterSchema,
  areaFrontmatterSchema,
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  yamlSchemas,
} from "../../src/lib/content/content-schema";
import { patterns } from "../../src/lib/content/content-fields";
import { markdownTable } from "./readme-markers";

/** Each content file: its marker name, where it lives under the repository, and its schema. */
export const contentTables: Array<{ name: string; file: string; schema: z.ZodType }> = [
  ...Object.entries(yamlSchemas).map(([name, schema]) => ({
    name,
    file: `content/${name}`,
    schema: schema as z.ZodType,
  })),
  { name: "services", file: "content/services/<slug>.mdx", schema: serviceFrontmatterSchema },
  { name: "blog", file: "content/blog/<slug>/index.mdx", schema: postFrontmatterSchema },
  { name: "areas", file: "content/areas/<slug>.mdx", schema: areaFrontmatterSchema },
  { name: "agreement", file: "content/agreement.md", schema: agreementFrontmatterSchema },
];

export const markerName = (table: string) => `content-model:${table}`;

const code = (value: unknown) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;

/** A pattern's rule in words, from the message the build gives: "must be a five-digit ZIP code". */
const patternWords = new Map<string, string>(
  Object.values(patterns).map((rule) => [rule.regex.source, rule.message.replace(/^must be (an? )?/, "")]),
);

function numberWords(noun: string, json: JsonSchema): string {
  const low = json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : json.minimum;
  const min = low !== undefined && low > Number.MIN_SAFE_INTEGER ? low : undefined;
  const max = upperLimit(json);
  if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}`;
  if (min !== undefined) return `${noun}, ${min} or more`;
  return max !== undefined ? `${noun}, at most ${max}` : noun;
}

function listLimits(json: JsonSchema): string {
  const limits = [
    ...(json.minItems ? [`at least ${json.minItems}`] : []),
    ...(json.maxItems !== undefined ? [`at most ${json.maxItems}`] : []),
  ];
  return limits.length ? `, ${limits.join(", ")}` : "";
}

/** A field's type as a writer reads it: "text", "whole number", "one of `a`, `b`", "list of …". */
export function typeWords(json: JsonSchema): string {
  if (json.format === "date") return "date YYYY-MM-DD";
  if (json.enum) return `one of ${json.enum.map(code).join(", ")}`;
  if (json.const !== undefined) return `always ${code(json.const)}`;
  switch (json.type) {
    case "string": {
      if (json.format === "uri") return "https address";
      if (json.format === "email") return "e-mail address";
      if (json.widget === "image") return "image file";
      if (json.pattern) {
        const words = patternWords.get(json.pattern);
        if (!words) throw new Error(`Name the pattern ${json.pattern} in content-schema.ts's patterns`);
        return words;
      }
      return json.maxLength !== undefined ? `text, at most ${json.maxLength} characters` : "text";
    }
    case "integer":
      return numberWords("whole number", json);
    case "number":
      return numberWords("number", json);
    case "boolean":
      return "`true` or `false`";
    case "object":
      return "the fields below";
    case "array": {
      const items = json.items ?? {};
      const each = items.type === "object" ? "entries, each with the fields below" : typeWords(items);
      return `list of ${each}${listLimits(json)}`;
    }
    default:
      throw new Error(`No words for the type of ${JSON.stringify(json)}`);
  }
}

function requiredWords(json: JsonSchema, required: boolean): string {
  if (required) return "yes";
  const emptyList = Array.isArray(json.default) && json.default.length === 0;
  return json.default !== undefined && !emptyList ? `no (${code(json.default)})` : "no";
}

type Row = [field: string, type: string, required: string, what: string];

/** One row per field; a field inside an object or a list's entries is named after it: `address.region`. */
function rows(json: JsonSchema, prefix = ""): Row[] {
  return fieldsOf(json).flatMap(({ name, json: field, required }) => {
    const path = `${prefix}${name}`;
    const row: Row = [
      code(path),
      typeWords(field),
      requiredWords(field, required),
      field.description ?? field.title ?? "",
    ];
    const inner = field.type === "array" ? field.items : field;
    return [row, ...(inner?.type === "object" ? rows(inner, `${path}.`) : [])];
  });
}

/** The table of a schema's fields; for a file that is a list, the fields of each entry. */
export function contentTable(schema: z.ZodType): string {
  const json = contentJsonSchema(schema);
  return markdownTable(["field", "type", "required", "what it is"], rows(json.type === "array" ? json.items! : json));
}

/** Where the editor at /admin shows a content file: its collection, and the file's own label. */
function editorPlace(file: string): string {
  for (const collection of editorConfig().collections) {
    if (collection.folder && file.startsWith(`${collection.folder}/`)) return collection.label;
    const entry = collection.files?.find((item) => item.file === file);
    if (entry) return `${collection.label} → ${entry.label}`;
  }
  return "not in the editor";
}

/** One row per content file: its fields (of each entry, for a list), the required ones first, and where the editor shows it. */
export function overviewTable(): string {
  const body = contentTables.map(({ file, schema }): Row => {
    const json = contentJsonSchema(schema);
    const fields = fieldsOf(json.type === "array" ? json.items! : json);
    const names = (required: boolean) =>
      fields
        .filter((field) => field.required === required)
        .map((field) => code(field.name))
        .join(", ");
    const each = json.type === "array" ? "each entry: " : "";
    return [code(file), `${each}${names(true)}`, names(false) || "none", editorPlace(file)];
  });
  return markdownTable(["file", "fields", "optional fields", "in the editor"], body);
}

/** The business's facts the owner keeps, documented apart from the pages' content (docs/business-content.md). */
const BUSINESS_TABLES = new Set([
  "water-packages.yaml",
  "water-parameters.yaml",
  "pricing.yaml",
  "availability.yaml",
  "agreement",
  "privacy.yaml",
  "faq.yaml",
]);

/** Each table: the document it is written into, its marker name, and how it is made. */
export const contentDocParts: Array<{ document: string; name: string; make: () => string }> = [
  { document: "README.md", name: markerName("overview"), make: overviewTable },
  ...contentTables.map(({ name, schema }) => ({
    document: BUSINESS_TABLES.has(name) ? "docs/business-content.md" : "docs/content-model.md",
    name: markerName(name),
    make: () => contentTable(schema),
  })),
];
