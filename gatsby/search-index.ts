/**
 * The search index, built from the finished pages after the build (onPostBuild): Pagefind reads
 * the HTML of the pages search covers (src/lib/search.ts says which), only their <main>, and
 * writes public/pagefind/, which the CDN serves like any other file. The pages carry nothing for
 * it: the choice is made here, so no page's HTML or JavaScript grows.
 * Its command is run rather than its Node API: the API is an ES module, gatsby-node is CommonJS.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Reporter } from "gatsby";
import { builtPages } from "../src/build/built-pages";
import { isSearchable, SEARCH_BUNDLE } from "../src/lib/search";
import { siteRoot } from "./site-root";

/** Pagefind's glob for exactly these files: a list in braces (file names are slugs: no commas). */
export function searchGlob(publicDir: string, files: readonly string[]): string {
  return `{${files.map((file) => path.relative(publicDir, file).split(path.sep).join("/")).join(",")}}`;
}

export function writeSearchIndex(publicDir: string, reporter: Reporter): void {
  const files = builtPages(publicDir)
    .filter(({ route }) => isSearchable(route))
    .map(({ file }) => file);
  // The package exports only its module; its command is the file npm links as `pagefind`.
  const cli = path.join(siteRoot, "node_modules", "pagefind", "lib", "runner", "bin.cjs");
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [
      cli,
      ...["--site", publicDir, "--output-path", path.join(publicDir, SEARCH_BUNDLE)],
      ...["--glob", searchGlob(publicDir, files), "--root-selector", "main", "--force-language", "en"],
    ],
    { encoding: "utf8" },
  );
  const indexed = Number(/Indexed (\d+) pages?/.exec(stdout)?.[1]);
  if (status !== 0 || indexed !== files.length) {
    reporter.panicOnBuild(`Pagefind indexed ${indexed} of ${files.length} pages:\n${stdout}\n${stderr}`);
    return;
  }
  reporter.info(`Search index of ${indexed} pages written to ${SEARCH_BUNDLE}/`);
}
