/**
 * The search index, built from the finished pages after the build (onPostBuild): Pagefind reads
 * the HTML of the pages search covers (src/lib/seo/search.ts says which), only their <main>, and
 * writes public/pagefind/, which the CDN serves like any other file. The pages carry nothing for
 * it: the choice is made here, so no page's HTML or JavaScript grows.
 * Its command is run rather than its Node API: the API is an ES module, gatsby-node is CommonJS.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Reporter } from "gatsby";
import { builtPages } from "../src/build-time/built-pages";
import { isSearchable, SEARCH_BUNDLE } from "../src/lib/seo/search";
import { siteRoot } from "./site-root";

/**
 * HTML's phrasing elements (https://html.spec.whatwg.org/multipage/dom.html#phrasing-content),
 * which sit inside a line of text; every other element is a block of its own.
 */
const PHRASING = new Set(
  (
    "a abbr area audio b bdi bdo br button canvas cite code data datalist del dfn em embed i iframe img input ins " +
    "kbd label link map mark math meta meter noscript object output picture progress q rp rt ruby s samp script " +
    "select slot small span strong sub sup svg template textarea time u var video wbr"
  ).split(" "),
);

/**
 * The page as Pagefind should read it: a space before each block element and after its end.
 * Pagefind separates the text of a few blocks only (headings, p, div, li, td...) and joins the
 * rest, so a term beside its definition (<dt>Price</dt><dd>$125</dd>), the cells of a header row
 * and a caption ran together in its index and excerpts ("Price$125"). The pages themselves need
 * no spaces (React writes none, the browser lays the blocks out apart), so only this copy has them.
 * Only whitespace is added, beside tags, so the document parses to the same elements.
 */
export function withBlocksSpaced(html: string): string {
  return html.replace(/<(\/?)([a-z][a-z0-9-]*)\b[^>]*>/gi, (tag, closing: string, name: string, at: number) => {
    if (PHRASING.has(name.toLowerCase())) return tag;
    if (!closing) return ` ${tag}`;
    // Where the enclosing block ends right after, its own end separates it, and no space may come
    // between: Pagefind ends a block with a full stop only when its text ends in a word.
    const next = /^<\/([a-z][a-z0-9-]*)/i.exec(html.slice(at + tag.length, at + tag.length + 40));
    return next && !PHRASING.has(next[1]!.toLowerCase()) ? tag : `${tag} `;
  });
}

export function writeSearchIndex(publicDir: string, reporter: Reporter): void {
  const files = builtPages(publicDir)
    .filter(({ route }) => isSearchable(route))
    .map(({ file }) => file);
  // Pagefind reads copies with their blocks spaced, at the same paths, so its addresses are the site's.
  const source = mkdtempSync(path.join(os.tmpdir(), "search-pages-"));
  try {
    for (const file of files) {
      const copy = path.join(source, path.relative(publicDir, file));
      mkdirSync(path.dirname(copy), { recursive: true });
      writeFileSync(copy, withBlocksSpaced(readFileSync(file, "utf8")));
    }
    // The package exports only its module; its command is the file npm links as `pagefind`.
    const cli = path.join(siteRoot, "node_modules", "pagefind", "lib", "runner", "bin.cjs");
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      [
        cli,
        ...["--site", source, "--output-path", path.join(publicDir, SEARCH_BUNDLE)],
        ...["--root-selector", "main", "--force-language", "en"],
      ],
      { encoding: "utf8" },
    );
    const indexed = Number(/Indexed (\d+) pages?/.exec(stdout)?.[1]);
    if (status !== 0 || indexed !== files.length) {
      reporter.panicOnBuild(`Pagefind indexed ${indexed} of ${files.length} pages:\n${stdout}\n${stderr}`);
      return;
    }
    reporter.info(`Search index of ${indexed} pages written to ${SEARCH_BUNDLE}/`);
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
}
