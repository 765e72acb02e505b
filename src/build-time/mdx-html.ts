/**
 * Build time only (gatsby-node): a page's MDX copy rendered to static HTML. The HTML travels in
 * the page's data and is set into the page as it is, so the words of a post or service page are
 * not shipped a second time as JavaScript to re-create the same paragraphs in the browser, and
 * adding a post adds no script to any page.
 */
import { evaluate } from "@mdx-js/mdx";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as runtime from "react/jsx-runtime";
import { mdxOptions } from "../lib/mdx-options";
import { mdxSlots, SLOT_ATTRIBUTE } from "../lib/mdx-slots";

const slotMarkers = Object.fromEntries(
  mdxSlots.map((name) => [name, () => createElement("div", { [SLOT_ATTRIBUTE]: name })]),
);

/** Renders MDX (without its frontmatter) to HTML; throws with MDX's own message on bad copy. */
export async function mdxToHtml(body: string): Promise<string> {
  const { default: Content } = await evaluate(body, {
    ...(runtime as unknown as Parameters<typeof evaluate>[1]),
    ...mdxOptions,
    development: false,
  });
  return renderToStaticMarkup(createElement(Content, { components: slotMarkers }));
}
