/** @jest-environment node */
import { rehypeCollectSections } from "./copy-sections";
import type { HastNode } from "../lib/content/table-captions";

const text = (value: string): HastNode => ({ type: "text", value });
const element = (tagName: string, properties: Record<string, unknown>, children: HastNode[]): HastNode => ({
  type: "element",
  tagName,
  properties,
  children,
});

test("puts each ## heading, its id and its words, in the file's metadata in order; other headings are not sections", () => {
  // The tree rehype-slug leaves: `## Radon in \`Maryland\`` became <h2 id="radon-in-maryland">.
  const tree: HastNode = {
    type: "root",
    children: [
      element("h2", { id: "why-test" }, [text("Why test")]),
      element("p", {}, [text("Radon is a gas.")]),
      element("h3", { id: "the-kit" }, [text("The kit")]),
      element("h2", { id: "radon-in-maryland" }, [text("Radon in "), element("code", {}, [text("Maryland")])]),
      element("section", {}, [element("h2", { id: "nested" }, [element("em", {}, [text("Nested")])])]),
    ],
  };
  const file: { data: { meta?: Record<string, unknown> } } = { data: { meta: { description: "kept" } } };
  rehypeCollectSections()(tree, file);
  expect(file.data.meta).toEqual({
    description: "kept",
    sections: [
      { id: "why-test", title: "Why test" },
      { id: "radon-in-maryland", title: "Radon in Maryland" },
      { id: "nested", title: "Nested" },
    ],
  });
});
