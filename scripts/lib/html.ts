/**
 * Just enough HTML reading for the checks over the built site: the tags, their attributes and
 * the text of inline <script> and <style> elements. Gatsby writes well-formed HTML, so a small
 * tokenizer is enough for these scripts, which run on every `npm test` and need no DOM. The
 * integration tests, which query the built pages like a document, use node-html-parser.
 */

export interface Tag {
  /** Lower-case tag name. */
  name: string;
  /** Attribute values with character references decoded; a bare attribute has the value "". */
  attributes: Record<string, string>;
  /** The text up to the closing tag, for <script> and <style> only. */
  text?: string;
}

const RAW_TEXT = new Set(["script", "style"]);
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) ? String.fromCodePoint(point) : whole;
    }
    return NAMED_REFERENCES[code.toLowerCase()] ?? whole;
  });
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (name in attributes) continue; // the first of a repeated attribute wins, as in a browser
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** Every start tag in document order; comments are skipped and script/style text is not read as tags. */
export function readTags(html: string): Tag[] {
  const source = html.replace(/<!--[\s\S]*?-->/g, "");
  const lowerCase = source.toLowerCase();
  const tags: Tag[] = [];
  TAG.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TAG.exec(source))) {
    const name = match[1]!.toLowerCase();
    const tag: Tag = { name, attributes: parseAttributes(match[2] ?? "") };
    if (RAW_TEXT.has(name) && !match[0].endsWith("/>")) {
      const close = lowerCase.indexOf(`</${name}`, TAG.lastIndex);
      const end = close === -1 ? source.length : close;
      tag.text = source.slice(TAG.lastIndex, end);
      TAG.lastIndex = end;
    }
    tags.push(tag);
  }
  return tags;
}
