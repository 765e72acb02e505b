/**
 * Build and test time only (Node): a content YAML file read from disk, typed by its schema.
 * It is not validated here: gatsby-node validates every file while sourcing and reports each
 * problem with its file and field, which a throw from here would pre-empt.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { YamlContent, YamlFile } from "../lib/content-schema";

/** content/, or the folder CONTENT_DIR names (the content tests point it at a broken copy). */
export const defaultContentDir = path.resolve(process.env.CONTENT_DIR ?? "content");

/** A content YAML file as parsed, before any check: for what validates it, and tests of that. */
export function readRawContentFile(file: YamlFile, contentDir = defaultContentDir): unknown {
  return parse(readFileSync(path.join(contentDir, file), "utf8"));
}

export function readContentFile<F extends YamlFile>(file: F, contentDir = defaultContentDir): YamlContent<F> {
  return readRawContentFile(file, contentDir) as YamlContent<F>;
}

/** The business's own facts: content/site.yaml. */
export function readSiteContent(contentDir = defaultContentDir): YamlContent<"site.yaml"> {
  return readContentFile("site.yaml", contentDir);
}
