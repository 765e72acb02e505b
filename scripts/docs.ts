/**
 * `npm run docs`: rewrites every table the documents take from the code (the content model from
 * the content schemas, the limits from the server settings and the text limits); run it after
 * changing one of them. generated-docs.test.ts fails while a document differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedDocParts } from "./lib/generated-docs";
import { replaceBetweenMarkers } from "./lib/readme-markers";

for (const { document, name, make } of generatedDocParts) {
  const file = path.join(__dirname, "..", document);
  writeFileSync(file, replaceBetweenMarkers(readFileSync(file, "utf8"), name, make()));
}
