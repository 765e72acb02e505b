/**
 * `npm run docs:content`: rewrites the README's content tables from the content schemas
 * (scripts/lib/content-docs.ts); run it after changing a field in src/lib/content-schema.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withContentTables } from "./lib/content-docs";

const readme = path.join(__dirname, "..", "README.md");
writeFileSync(readme, withContentTables(readFileSync(readme, "utf8")));
