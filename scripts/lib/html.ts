/**
 * Just enough HTML reading for the checks over the built site: the tags, their attributes and
 * the text of inline <script> and <style> elements. Gatsby writes well-formed HTML, so a small
 * tokenizer is enough for these scripts, which run on every `npm test` and need no DOM. The
 * integration tests, which query the built pages like a document, use node-html-parser.
 */
import { decodeHTMLAttribute } from "entities/decode";

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

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (name in attributes) continue; // the first of a repeated attribute wins, as in a browser
    attributes[name] = decodeHTMLAttribute(match[2] ?? match[3] ?? match[4] ?? "");
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
