/**
 * A Markdown or MDX content file split into its front matter and its copy: the build's sourcing
 * (gatsby/source-content.ts), the agreement the functions fill in (server/agreement/agreement.ts)
 * and the tests all read front matter here. It is parsed by `yaml`, the one YAML parser the site
 * uses, as the content YAML files are (src/build-time/content-files.ts): YAML 1.2, in which a
 * date such as 2025-04-15 stays the text it is written as, for content-fields.ts's isoDate to check.
 */
import { parse } from "yaml";

export interface FrontMatterFile {
  /** The front matter as parsed, before any check: an empty or absent one is `{}`. */
  data: unknown;
  /** Everything after the closing `---` line. */
  body: string;
}

/**
 * A `---` line, the YAML (none when the block is empty), a `---` line; a byte order mark may come
 * first. The opening line is kept with the YAML it opens, where it is YAML's own start of a
 * document, so a problem's line number is its line in the file.
 */
const FRONT_MATTER = /^(\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?)---[ \t]*(?:\r?\n|$)/;
const OPENING_LINE = /^\uFEFF?---[ \t]*\r?\n/;

/**
 * Splits a file's text; throws, with a message that reads after the file's name, when the front
 * matter is not closed or is not valid YAML.
 */
export function readFrontMatter(text: string): FrontMatterFile {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    // Without a closing line the whole file would be read as front matter, or as copy: neither is meant.
    if (OPENING_LINE.test(text)) throw new Error("the front matter has no closing --- line");
    return { data: {}, body: text };
  }
  let data: unknown;
  try {
    data = parse(match[1]!);
  } catch (error) {
    throw new Error(`the front matter is not valid YAML: ${(error as Error).message}`);
  }
  return { data: data ?? {}, body: text.slice(match[0].length) };
}
