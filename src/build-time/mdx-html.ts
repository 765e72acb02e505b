/**
 * Build time only (gatsby-node): a page's MDX copy compiled once, into static HTML and the list of
 * its sections. The HTML travels in the page's data and is set into the page as it is, so the
 * words of a post or service page are not shipped a second time as JavaScript to re-create the
 * same paragraphs in the browser, and adding a post adds no script to any page.
 *
 * MDX 2 needs the plugin majors made for it: remark-gfm 3 (tables), rehype-slug 5 (heading ids).
 */
import { evaluate } from "@mdx-js/mdx";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as runtime from "react/jsx-runtime";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { mdxSlots, SLOT_ATTRIBUTE } from "../lib/mdx-slots";
import { rehypeTableCaptions } from "../lib/table-captions";
import { rehypeCollectSections, type CopySection } from "./copy-sections";

const slotMarkers = Object.fromEntries(
  mdxSlots.map((name) => [name, () => createElement("div", { [SLOT_ATTRIBUTE]: name })]),
);

export interface RenderedCopy {
  html: string;
  /** The copy's `##` headings, for the page's "On this page" list. */
  sections: CopySection[];
}

/** Renders MDX (without its front matter); throws with MDX's own message on bad copy. */
export async function renderCopy(body: string): Promise<RenderedCopy> {
  const sections: CopySection[] = [];
  const { default: Content } = await evaluate(body, {
    ...(runtime as unknown as Parameters<typeof evaluate>[1]),
    remarkPlugins: [remarkGfm],
    // After rehype-slug, so each section is listed under the id its heading has.
    rehypePlugins: [rehypeSlug, rehypeTableCaptions, [rehypeCollectSections, sections]],
    development: false,
  });
  return { html: renderToStaticMarkup(createElement(Content, { components: slotMarkers })), sections };
}
