/**
 * Critical CSS: each page's inline <style> keeps only the rules its own HTML uses, so the page with its CSS fits
 * the first round trip of a new connection (scripts/budgets.ts, htmlGzip). Beasties drops the rules no element
 * matches, then the custom properties and @property rules no kept rule reads. The full sheet is preloaded once
 * the page has painted and applied by the app (src/lib/ui/site-stylesheet.ts), so what JavaScript renders later
 * is styled by the same rules.
 */
import Beasties from "beasties";
import { createHash } from "node:crypto";
import postcss, { type AtRule, type Container } from "postcss";

const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/**
 * Beasties strips every pseudo-class, with its parentheses, before it matches a selector, so a
 * selector wholly inside :where() comes out empty and its rule is dropped. Tailwind v4 writes
 * space-y-* and divide-y as :where(.space-y-4>:not(:last-child)): the stacks of the footer,
 * lists and cards lost their gaps in the first paint. Such a selector is matched by what is
 * inside; :where() only sets specificity, which matching does not need.
 *
 * normalizeCssSelector is an internal of Beasties, untyped and free to change in any release:
 * package.json pins the exact version this was written against, and critical-css.test.ts fails
 * when the installed version or what the internal does differs.
 */
const normalize = (Beasties.prototype as unknown as { normalizeCssSelector(selector: string): string })
  .normalizeCssSelector;

class TailwindBeasties extends Beasties {
  normalizeCssSelector(selector: string): string {
    return normalize.call(this, unwrapWhere(selector));
  }
}

/** ":where(.a>:not(:last-child))" is ".a>:not(:last-child)"; any other selector is itself. */
export function unwrapWhere(selector: string): string {
  const inner = /^:where\((.*)\)$/.exec(selector.trim())?.[1];
  if (inner === undefined) return selector;
  let depth = 0;
  for (const char of inner) {
    depth += char === "(" ? 1 : char === ")" ? -1 : 0;
    if (depth < 0) return selector; // the first ")" closes :where( before the end
  }
  return depth === 0 ? inner : selector;
}

const beasties = new TailwindBeasties({
  // Only the inline <style>: Gatsby links no style sheet, and the full one must not be inlined.
  external: false,
  reduceInlineStyles: true,
  mergeStylesheets: false,
  logLevel: "warn",
});

/**
 * The page with each inline <style> reduced to the rules its HTML uses. A style that names its
 * sheet (data-href, as Gatsby writes it) starts from that sheet, read by readSheet, so a page
 * reduced by an earlier build comes out the same. Only the style text changes: Beasties writes
 * the whole document anew (void tags, attribute case), so its reduced styles are put back into
 * the page as Gatsby wrote it, byte for byte elsewhere.
 *
 * Pages built from one template (posts, the blog's pages, topics) differ in their words, not in
 * what a selector can see, so the reduced styles are remembered under the page's selectorView:
 * a blog of a thousand posts runs Beasties for a few pages, not for every one.
 */
export async function inlineCriticalCss(html: string, readSheet: (href: string) => string): Promise<string> {
  const whole = html.replace(STYLE, (tag: string, open: string, _css: string, close: string) => {
    const href = /\bdata-href="([^"]+)"/.exec(open)?.[1];
    return href ? `${open}${readSheet(href)}${close}` : tag;
  });
  const key = createHash("sha256").update(selectorView(whole)).digest("base64");
  let styles = reducedStyles.get(key);
  if (!styles) {
    styles = await reduceStyles(whole);
    reducedStyles.set(key, styles);
  }
  let index = 0;
  return whole.replace(
    STYLE,
    (_tag: string, open: string, _css: string, close: string) => `${open}${styles[index++]}${close}`,
  );
}

/** The reduced text of each inline <style>, by the selectorView of the page they were reduced for. */
const reducedStyles = new Map<string, string[]>();

async function reduceStyles(whole: string): Promise<string[]> {
  const original = [...whole.matchAll(STYLE)];
  const reduced = [...(await beasties.process(whole)).matchAll(STYLE)].map((match) => match[2]!);
  if (reduced.length !== original.length) {
    throw new Error(
      `Critical CSS: the page had ${original.length} <style> elements, Beasties returned ${reduced.length}`,
    );
  }
  const markup = whole.replace(STYLE, "");
  return original.map((match, index) =>
    withLayerOrder(dropUnusedProperties(dropHover(reduced[index]!), markup), match[2]!),
  );
}

const TAG = /<(\/?[a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const RAW_TEXT = /(<(script|textarea|title)\b[^>]*>)[\s\S]*?(<\/\2>)/gi;

/**
 * Everything the reduced styles depend on, and nothing else: the full sheets, every element in
 * order with its class, id and the attributes some selector of the sheets names ([open],
 * [aria-current]...), and the custom properties the markup reads (dropUnusedProperties). Words
 * are left out (Beasties matches selectors with their pseudo-classes removed, so not even :empty
 * reads them), and so are the values of attributes no selector names: a post's links, its
 * title in the meta tags.
 */
export function selectorView(whole: string): string {
  const sheets = [...whole.matchAll(STYLE)].map((match) => match[2]!);
  const named = new Set(["class", "id", ...sheets.flatMap((sheet) => factsOf(sheet).attributes)]);
  const markup = whole.replace(STYLE, "");
  const properties = [...new Set([...markup.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!))].sort();
  const elements = markup
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(RAW_TEXT, "$1$3")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "")
    .matchAll(TAG);
  const tags: string[] = [];
  for (const [, name, attributes] of elements) {
    const kept = [...attributes!.matchAll(ATTRIBUTE)]
      .filter((attribute) => named.has(attribute[1]!.toLowerCase()))
      .map(
        (attribute) =>
          `${attribute[1]!.toLowerCase()}=${JSON.stringify(attribute[2] ?? attribute[3] ?? attribute[4] ?? "")}`,
      );
    tags.push(`<${name!.toLowerCase()} ${kept.join(" ")}>`);
  }
  return JSON.stringify([sheets.map((sheet) => factsOf(sheet).hash), properties, tags]);
}

/** The attributes a sheet's selectors name, by sheet: every page of a site carries the same one. */
const sheetFacts = new Map<string, { hash: string; attributes: string[] }>();

function factsOf(sheet: string): { hash: string; attributes: string[] } {
  let facts = sheetFacts.get(sheet);
  if (!facts) {
    const attributes = new Set([...sheet.matchAll(/\[\s*([a-zA-Z_][\w:-]*)/g)].map((match) => match[1]!.toLowerCase()));
    facts = { hash: createHash("sha256").update(sheet).digest("base64"), attributes: [...attributes] };
    sheetFacts.set(sheet, facts);
  }
  return facts;
}

/**
 * Removes the rules for a hovering pointer (Tailwind's hover: variant is an @media (hover:hover)
 * block): nothing hovers in the first paint, the full sheet brings them a moment later, and they
 * are about 300 bytes gzip of a page that has to fit one round trip. Focus and disabled styles stay.
 */
export function dropHover(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules("media", (rule) => {
    if (rule.params.replace(/\s+/g, "") === "(hover:hover)") rule.remove();
  });
  return root.toString();
}

/**
 * Removes custom property declarations and @property rules that nothing reads: no var() in the
 * kept CSS nor in the page's markup (a style="" attribute) names them. Repeats until nothing
 * changes, since a dropped declaration may have been the only reader of another property.
 * Emptied rules and blocks go too (withLayerOrder keeps the layers' order).
 */
export function dropUnusedProperties(css: string, markup: string): string {
  const root = postcss.parse(css);
  for (;;) {
    const read = new Set([...`${root.toString()}\n${markup}`.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!));
    let dropped = 0;
    root.walkDecls(/^--/, (declaration) => {
      if (!read.has(declaration.prop)) {
        declaration.remove();
        dropped++;
      }
    });
    root.walkAtRules("property", (rule) => {
      if (!read.has(rule.params.trim())) {
        rule.remove();
        dropped++;
      }
    });
    if (!dropped) break;
    removeEmpty(root);
  }
  return root.toString();
}

function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type !== "rule" && node.type !== "atrule") return;
    if (!node.nodes) return; // a statement such as @layer a, b;
    removeEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/**
 * Cascade layers rank in the order they first appear. The full sheet arrives after the critical
 * one, so a layer the critical CSS lacked would be ranked last, above the utilities; naming
 * the full sheet's order first keeps every layer where the full sheet puts it.
 */
export function withLayerOrder(critical: string, full: string): string {
  const layers: string[] = [];
  postcss.parse(full).each((node) => {
    if (node.type !== "atrule" || (node as AtRule).name !== "layer") return;
    for (const name of (node as AtRule).params.split(",").map((part) => part.trim())) {
      if (name && !layers.includes(name)) layers.push(name);
    }
  });
  return layers.length ? `@layer ${layers.join(",")};${critical}` : critical;
}
