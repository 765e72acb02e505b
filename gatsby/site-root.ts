import path from "node:path";
import { defaultContentDir } from "../src/build-time/content-files";

// Gatsby runs from the site folder; compiled gatsby-node lives in .cache, so paths start from the working directory.
export const siteRoot = process.cwd();
export const contentRoot = defaultContentDir;

/** Shown in build errors: the path a writer would recognise, e.g. content/pricing.yaml. */
export function contentLabel(absolutePath: string): string {
  return path.join("content", path.relative(contentRoot, absolutePath)).split(path.sep).join("/");
}
