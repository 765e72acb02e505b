/**
 * Live components a page's MDX copy may place among its paragraphs, by name (`<PackageComparison />`).
 * The copy itself is rendered to HTML at build time; a slot is written there as an empty marker
 * element, and the page's template renders the real, interactive component in its place.
 */
export const mdxSlots = ["PackageComparison"] as const;

export type MdxSlot = (typeof mdxSlots)[number];

export const SLOT_ATTRIBUTE = "data-mdx-slot";

const markerPattern = new RegExp(`<div ${SLOT_ATTRIBUTE}="([A-Za-z]+)"></div>`, "g");

/** The copy cut at its slot markers: HTML strings, with each slot's name between them. */
export function splitAtSlots(html: string): Array<{ html: string } | { slot: MdxSlot }> {
  const parts: Array<{ html: string } | { slot: MdxSlot }> = [];
  let last = 0;
  for (const match of html.matchAll(markerPattern)) {
    if (match.index > last) parts.push({ html: html.slice(last, match.index) });
    parts.push({ slot: match[1] as MdxSlot });
    last = match.index + match[0].length;
  }
  if (last < html.length) parts.push({ html: html.slice(last) });
  return parts;
}

/** The slots a page's rendered copy uses, in order of appearance. */
export function slotsIn(html: string): MdxSlot[] {
  return splitAtSlots(html).flatMap((part) => ("slot" in part ? [part.slot] : []));
}
