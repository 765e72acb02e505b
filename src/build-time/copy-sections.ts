/**
 * The sections of a page's copy, for its "On this page" list: each `##` heading's id (given by
 * rehype-slug, which runs first) and its words. The page's own title is its only `#` heading, so
 * the copy's sections start at `##`; `###` and below are parts of a section.
 */
import type { HastNode } from "../lib/table-captions";

export interface CopySection {
  /** The heading's id: the list links to `#id`. */
  id: string;
  title: string;
}

/** The words of a node, markup left out: `## The <code>radon</code> test` is "The radon test". */
function textOf(node: HastNode): string {
  return node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");
}

function collect(node: HastNode, sections: CopySection[]): void {
  for (const child of node.children ?? []) {
    if (child.type === "element" && child.tagName === "h2") {
      const id = child.properties?.id;
      if (typeof id === "string") sections.push({ id, title: textOf(child) });
    } else {
      collect(child, sections);
    }
  }
}

/** A rehype plugin that appends the copy's sections, in order, to `sections`. */
export function rehypeCollectSections(sections: CopySection[]) {
  return (tree: HastNode) => collect(tree, sections);
}
