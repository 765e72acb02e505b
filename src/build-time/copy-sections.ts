/**
 * The sections of a page's copy, for its "On this page" list: each `##` heading's id (given by
 * rehype-slug, which runs first) and its words. The page's own title is its only `#` heading, so
 * the copy's sections start at `##`; `###` and below are parts of a section.
 */
import type { HastNode } from "../lib/content/table-captions";

export interface CopySection {
  /** The heading's id: the list links to `#id`. */
  id: string;
  title: string;
}

/** The words of a node, markup left out: `## The <code>radon</code> test` is "The radon test". */
function textOf(node: HastNode): string {
  return node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");
}

/** The `##` headings of a tree, in order. */
function copySections(node: HastNode, sections: CopySection[] = []): CopySection[] {
  for (const child of node.children ?? []) {
    if (child.type === "element" && child.tagName === "h2") {
      const id = child.properties?.id;
      if (typeof id === "string") sections.push({ id, title: textOf(child) });
    } else {
      copySections(child, sections);
    }
  }
  return sections;
}

/**
 * A rehype plugin that puts the copy's sections in the file's metadata (`file.data.meta`), where
 * gatsby-plugin-mdx's compilation hands them back with the compiled copy.
 */
export function rehypeCollectSections() {
  return (tree: HastNode, file: { data: { meta?: Record<string, unknown> } }) => {
    file.data.meta = { ...file.data.meta, sections: copySections(tree) };
  };
}
