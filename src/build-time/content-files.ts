/**
 * Build and test time only (Node): a content YAML file read from disk, typed by its schema.
 * It is not validated here: gatsby-node validates every file while sourcing and reports each
 * problem with its file and field, which a throw from here would pre-empt.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { YamlContent, YamlFile } from "../lib/content/content-schema";
import { readFrontMatter } from "../lib/content/front-matter";

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

/** The copy's files: service pages, posts and the agreement. */
export const copyExtensions = [".mdx", ".md"];

/**
 * The copy files whose front matter cannot be read, each with why. gatsby-plugin-mdx
 * reads front matter with a parser of its own, and stops the build on one it cannot read without
 * naming the file: gatsby-config.ts leaves these files out, and gatsby-node.ts reports each.
 */
export function unreadableCopyFiles(contentDir = defaultContentDir): { file: string; problem: string }[] {
  return readdirSync(contentDir, { recursive: true, encoding: "utf8" })
    .filter((file) => copyExtensions.includes(path.extname(file)))
    .sort()
    .flatMap((file) => {
      const absolutePath = path.join(contentDir, file);
      try {
        readFrontMatter(readFileSync(absolutePath, "utf8"));
        return [];
      } catch (error) {
        return [{ file: absolutePath, problem: (error as Error).message }];
      }
    });
}
