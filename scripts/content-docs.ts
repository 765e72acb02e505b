/**
 * `npm run docs:content`: rewrites the content model's tables from the content schemas
 * (scripts/lib/content-docs.ts), the overview in README.md and every field in
 * docs/content-model.md; run it after changing a field in src/lib/content-schema.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { documents, withContentTables, withOverviewTable } from "./lib/content-docs";

const rewrite = (file: string, update: (text: string) => string) => {
  const at = path.join(__dirname, "..", file);
  writeFileSync(at, update(readFileSync(at, "utf8")));
};
rewrite(documents.overview, withOverviewTable);
rewrite(documents.fields, withContentTables);
