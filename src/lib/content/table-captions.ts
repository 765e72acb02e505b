/**
 * Markdown tables have no caption, and a data table needs one to be named for screen readers.
 * A writer puts a paragraph starting "Table: " right above the table (Pandoc's convention);
 * this rehype plugin moves its words into the table's <caption>.
 */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const PREFIX = "Table: ";

const isWhitespace = (node: HastNode) => node.type === "text" && !node.value?.trim();

function captionOf(paragraph: HastNode | undefined): HastNode[] | undefined {
  if (paragraph?.type !== "element" || paragraph.tagName !== "p") return undefined;
  const [first, ...rest] = paragraph.children ?? [];
  if (first?.type !== "text" || !first.value?.startsWith(PREFIX)) return undefined;
  return [{ ...first, value: first.value.slice(PREFIX.length) }, ...rest];
}

function captionTables(parent: HastNode): void {
  const children = parent.children ?? [];
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index]!;
    if (child.type === "element" && child.tagName === "table") {
      let before = index - 1;
      while (before >= 0 && isWhitespace(children[before]!)) before -= 1;
      const caption = captionOf(children[before]);
      if (caption) {
        child.children = [
          { type: "element", tagName: "caption", properties: {}, children: caption },
          ...(child.children ?? []),
        ];
        children.splice(before, index - before);
        index = before;
      }
    } else {
      captionTables(child);
    }
  }
}

export function rehypeTableCaptions() {
  return (tree: HastNode) => captionTables(tree);
}
