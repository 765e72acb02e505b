/**
 * How the editor writes a file back: as the writer wrote it, changed only where a value changed. Decap alone
 * re-serialises the whole front matter (quotes, lists, folding and comments lost); here the file is parsed as a
 * `yaml` Document, whose nodes know where their text lies, and only entries whose values differ are rewritten,
 * in place, keeping their quoting. The `yaml` library is passed in: the browser loads it from /admin/yaml/.
 */

/**
 * The key, in the editor's data, of the text the entry was read from (never written to a file): a key no schema
 * has and no field shows, so that the file's toFile, which Decap gives only the data, can patch that text.
 */
export const SOURCE_KEY = "__sourceText";

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function sameValue(a, b) {
  if (a instanceof Date || b instanceof Date) return String(a) === String(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return a === b;
}

/** A map entry's key, as the editor's data names it. */
const keyOf = (YAML, pair) => (YAML.isScalar(pair.key) ? pair.key.value : pair.key);

const isScalarValue = (value) => value === null || ["string", "number", "boolean"].includes(typeof value);

/** Where a new key goes among a map's pairs: after the last key that comes before it in `order`. */
function insertionIndex(YAML, map, key, order) {
  const rank = order.indexOf(key);
  if (rank === -1) return map.items.length;
  let index = 0;
  map.items.forEach((pair, i) => {
    const pairRank = order.indexOf(keyOf(YAML, pair));
    if (pairRank !== -1 && pairRank < rank) index = i + 1;
  });
  return index;
}

/** The node `node` made to hold `value`, changed only where they differ. */
function patched(YAML, doc, node, value, order = []) {
  const current = YAML.isNode(node) ? node.toJSON() : node;
  if (node !== undefined && sameValue(current, value)) return node;
  if (YAML.isMap(node) && isPlainObject(value)) {
    node.items = node.items.filter((pair) => Object.hasOwn(value, keyOf(YAML, pair)));
    for (const pair of node.items) pair.value = patched(YAML, doc, pair.value, value[keyOf(YAML, pair)]);
    const present = new Set(node.items.map((pair) => keyOf(YAML, pair)));
    for (const [key, item] of Object.entries(value)) {
      if (present.has(key) || item === undefined) continue;
      node.items.splice(insertionIndex(YAML, node, key, order), 0, doc.createPair(key, item));
    }
    return node;
  }
  if (YAML.isSeq(node) && Array.isArray(value)) {
    node.items = node.items.slice(0, value.length).map((item, i) => patched(YAML, doc, item, value[i]));
    for (const item of value.slice(node.items.length)) node.items.push(doc.createNode(item));
    return node;
  }
  if (YAML.isScalar(node) && isScalarValue(value)) {
    // The node keeps its quoting and comments; the library quotes a plain value that needs it.
    node.value = value;
    return node;
  }
  return doc.createNode(value);
}

/** Text written by the library: long lines kept whole, flow lists as `[a, b]` as the site writes them. */
const WRITE_OPTIONS = { lineWidth: 0, flowCollectionPadding: false };

const isBlockCollection = (YAML, node) => (YAML.isMap(node) || YAML.isSeq(node)) && !node.flow;

/** The offset where the line holding `offset` starts. */
function lineStart(source, offset) {
  return source.lastIndexOf("\n", offset - 1) + 1;
}

/** The end of a node's own text, without the line breaks and spaces after it. */
function trimmedEnd(source, end) {
  while (end > 0 && /\s/.test(source[end - 1])) end -= 1;
  return end;
}

/** Whether a flow collection of the source was written `{ a: 1 }` (padded) or `[a, b]`. */
function padded(YAML, source, node) {
  return YAML.isCollection(node) && node.flow && node.range ? source[node.range[0] + 1] === " " : false;
}

/** `node` written on its own, its later lines indented to `column`, a flow collection padded as it was. */
function written(YAML, node, column, padding = false) {
  const doc = new YAML.Document();
  doc.contents = node;
  const text = doc.toString({ ...WRITE_OPTIONS, flowCollectionPadding: padding }).replace(/\n+$/, "");
  return text.replace(/\n(?=.)/g, `\n${" ".repeat(column)}`);
}

/** A pair written as one `key: value` entry of a map. */
function writtenPair(YAML, doc, source, pair, value, column) {
  const padding = padded(YAML, source, pair.value);
  const map = new YAML.YAMLMap();
  const key = doc.createNode(keyOf(YAML, pair));
  const item = patched(YAML, doc, pair.value ?? undefined, value);
  // Comments before the key and after the value lie outside the text replaced: they stay as they are.
  if (YAML.isNode(item)) item.comment = undefined;
  map.items.push(doc.createPair(key, item));
  return written(YAML, map, column, padding);
}

/** Where a pair's text starts and its value's text ends. */
function pairSpan(source, pair) {
  const end = pair.value?.range ? pair.value.range[1] : pair.key.range[1];
  return { start: pair.key.range[0], end: trimmedEnd(source, end) };
}

/**
 * The edits that make `node` (a block map or list of the source) hold `value`: each changed
 * entry's text rewritten in place, the rest untouched. `root` allows keys to come and go (the
 * front matter's optional fields); deeper, a map whose keys change or a list whose length changes
 * is rewritten whole by its parent (null).
 */
function editsFor(YAML, doc, source, node, value, { root = false, order = [] } = {}) {
  const edits = [];
  if (YAML.isMap(node) && !node.flow && isPlainObject(value)) {
    const keys = node.items.map((pair) => keyOf(YAML, pair));
    const wanted = Object.keys(value).filter((key) => value[key] !== undefined);
    const sameKeys = keys.length === wanted.length && keys.every((key) => Object.hasOwn(value, key));
    if (!sameKeys && !root) return null;
    for (const pair of node.items) {
      const key = keyOf(YAML, pair);
      const { start, end } = pairSpan(source, pair);
      if (!Object.hasOwn(value, key) || value[key] === undefined) {
        // A field emptied in the editor: its lines go.
        const next = source.indexOf("\n", end);
        edits.push({ start: lineStart(source, start), end: next === -1 ? source.length : next + 1, text: "" });
        continue;
      }
      const current = pair.value == null ? null : YAML.isNode(pair.value) ? pair.value.toJSON() : pair.value;
      if (sameValue(current, value[key])) continue;
      const inner = isBlockCollection(YAML, pair.value) ? editsFor(YAML, doc, source, pair.value, value[key]) : null;
      if (inner) edits.push(...inner);
      else
        edits.push({
          start,
          end,
          text: writtenPair(YAML, doc, source, pair, value[key], start - lineStart(source, start)),
        });
    }
    for (const key of wanted.filter((name) => !keys.includes(name))) {
      // A field filled in for the first time: on a line of its own, where the editor's order puts it.
      const rank = order.indexOf(key);
      const before = node.items.filter((pair) => {
        const pairRank = order.indexOf(keyOf(YAML, pair));
        return rank !== -1 && pairRank !== -1 && pairRank < rank;
      });
      const text = `${writtenPair(YAML, doc, source, { key, value: undefined }, value[key], 0)}\n`;
      const after = before.at(-1) ?? (rank === -1 ? node.items.at(-1) : undefined);
      if (after) {
        const next = source.indexOf("\n", pairSpan(source, after).end);
        const at = next === -1 ? source.length : next + 1;
        edits.push({ start: at, end: at, text: next === -1 ? `\n${text}` : text });
      } else {
        const at = node.items[0] ? lineStart(source, node.items[0].key.range[0]) : source.length;
        edits.push({ start: at, end: at, text });
      }
    }
    return edits;
  }
  if (YAML.isSeq(node) && !node.flow && Array.isArray(value) && value.length === node.items.length) {
    node.items.forEach((item, i) => {
      if (sameValue(YAML.isNode(item) ? item.toJSON() : item, value[i])) return;
      const inner = isBlockCollection(YAML, item) ? editsFor(YAML, doc, source, item, value[i]) : null;
      if (inner) return edits.push(...inner);
      const start = item.range[0];
      const padding = padded(YAML, source, item);
      const replacement = patched(YAML, doc, item, value[i]);
      if (YAML.isNode(replacement)) replacement.comment = replacement.commentBefore = undefined;
      edits.push({
        start,
        end: trimmedEnd(source, item.range[1]),
        text: written(YAML, replacement, start - lineStart(source, start), padding),
      });
    });
    return edits;
  }
  return null;
}

/**
 * The YAML text of `value`, written as `source` was wherever a value is unchanged: each changed
 * entry's text is rewritten in place and every other character is the source's. New keys of the
 * top-level map go where `order` (the editor's field order) puts them. Without a source, or with
 * one the library cannot read, the value is written afresh in that order.
 */
export function keptYaml(YAML, source, value, order = []) {
  const doc = YAML.parseDocument(source ?? "");
  if (source && doc.errors.length === 0 && doc.contents !== null) {
    const edits = editsFor(YAML, doc, source, doc.contents, value, { root: true, order });
    if (edits) {
      // From the end, so each edit's offsets still hold; two inserts at one place keep their order.
      return edits
        .map((edit, index) => ({ ...edit, index }))
        .sort((a, b) => b.start - a.start || b.index - a.index)
        .reduce((text, { start, end, text: part }) => text.slice(0, start) + part + text.slice(end), source);
    }
    doc.contents = patched(YAML, doc, doc.contents, value, order);
    return doc.toString(WRITE_OPTIONS);
  }
  const fresh = new YAML.Document(value);
  if (YAML.isMap(fresh.contents)) {
    const rank = (pair) => {
      const index = order.indexOf(pair.key.value);
      return index === -1 ? order.length : index;
    };
    fresh.contents.items.sort((a, b) => rank(a) - rank(b));
  }
  return fresh.toString(WRITE_OPTIONS);
}

const DELIMITER = "---";

/**
 * A Markdown file's front matter and body, split as Decap's own "frontmatter" format splits it:
 * the YAML between the first two `---` lines, and everything after the second line as the body.
 */
export function splitFrontMatter(content) {
  const match = /^---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(content);
  if (!match) return { frontMatter: "", body: content };
  return { frontMatter: match[1] ?? "", body: content.slice(match[0].length) };
}

/**
 * The format of the site's Markdown files (posts, service pages, the agreement): the front
 * matter's fields and `body`, written back with keptYaml.
 */
export function frontMatterFormat(YAML) {
  return {
    fromFile(content) {
      const { frontMatter, body } = splitFrontMatter(content);
      const data = YAML.parse(frontMatter) ?? {};
      return { ...data, ...(body.trim() && { body }), [SOURCE_KEY]: content };
    },
    toFile(data, order = []) {
      const { body = "", [SOURCE_KEY]: source, ...fields } = data;
      const frontMatter = keptYaml(
        YAML,
        source === undefined ? undefined : splitFrontMatter(source).frontMatter,
        fields,
        order,
      );
      return `${DELIMITER}\n${frontMatter}${DELIMITER}\n${body}`;
    },
  };
}

/**
 * The format of the site's YAML files. Decap edits a file as an object of fields; a file that is
 * a plain list (water-packages.yaml, faq.yaml...) is shown as one list field, `listField`, and
 * written back as the same plain list, so a file saved by the editor reads like one written by hand.
 */
export function yamlFileFormat(YAML, listField) {
  return {
    fromFile(content) {
      const data = YAML.parse(content) ?? {};
      return { ...(Array.isArray(data) ? { [listField]: data } : data), [SOURCE_KEY]: content };
    },
    toFile(data, order = []) {
      const { [SOURCE_KEY]: source, ...fields } = data;
      const keys = Object.keys(fields);
      const value = keys.length === 1 && keys[0] === listField ? fields[listField] : fields;
      return keptYaml(YAML, source, value, order);
    },
  };
}
