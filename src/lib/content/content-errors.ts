/**
 * The build's words for a content file that does not fit its schema: one line per problem, naming
 * the file and the field.
 */
import type { z } from "zod";

/** Turns a path such as ["addOns", 2, "price"] into `addOns[2].price`. */
export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

/** One line per problem: `content/pricing.yaml: field "addOns[2].price" must be ...`. */
export function formatContentIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const where = issue.path.length ? ` in "${formatFieldPath(issue.path)}"` : "";
      return `${file}: unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys
        .map((key) => `"${key}"`)
        .join(", ")}${where}; check the spelling against the README's content model`;
    }
    const field = formatFieldPath(issue.path) || "(the whole file)";
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return `${file}: field "${field}" ${missing ? "is required" : describe(issue)}`;
  });
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return `must be ${article(issue.expected)}`;
  if (issue.code === "invalid_value") return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  // Our own messages read as the end of the sentence ("must be after opens", "is listed twice"); zod's do not.
  return /^(must|is) /.test(issue.message) ? issue.message : `is invalid: ${issue.message}`;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
