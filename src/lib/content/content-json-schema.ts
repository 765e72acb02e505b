/**
 * The one way the content schemas (src/lib/content/content-schema.ts) are walked: as zod's JSON Schema,
 * which names every field, whether it is required, its type, limits and `.meta()`. The editor's
 * configuration (src/features/editor/shared/editor-config.ts), the build's GraphQL types (gatsby/schema.ts) and the
 * README's content tables (scripts/lib/content-docs.ts) are each made from it.
 */
import { z } from "zod";

export type JsonSchema = {
  type?: string;
  title?: string;
  description?: string;
  examples?: unknown[];
  widget?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/**
 * A content schema as JSON Schema. "input" is what a file may hold (a field with a default may be
 * left out); "output" is what the build holds after validation (that field is always there).
 * A date is text in a file ("input") and, once checked, the same YYYY-MM-DD, which JSON Schema
 * cannot say of a transform's result ("output", left open): both are known by their `format: "date"`.
 */
export function contentJsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}

export interface ContentField {
  name: string;
  json: JsonSchema;
  required: boolean;
}

/** The fields of an object, in the schema's order. */
export function fieldsOf(json: JsonSchema): ContentField[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    json: field,
    required: required.has(name),
  }));
}

/** The largest integer zod allows stands for "no upper limit". */
export function upperLimit(json: JsonSchema): number | undefined {
  return json.maximum !== undefined && json.maximum < Number.MAX_SAFE_INTEGER ? json.maximum : undefined;
}
