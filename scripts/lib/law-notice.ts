/**
 * Which pages explain the law, and whether such a page carries what the site promises with it:
 * a "Sources" box with the date the page was last reviewed, the reminder that it is not legal
 * advice, and at least one linked source.
 */
import { parse, type HTMLElement } from "node-html-parser";

/** Words that only copy stating a law, a regulation or a legal limit uses. */
const lawMarkers =
  /\bCOMAR\b|§|\bMaryland law\b|\blaw requires\b|\brequired by law\b|\b\d+ CFR\b|\bMCLs?\b|\bBill \d+-\d+\b|\b[HS]B \d+\b|\bAct of \d{4}\b|\bstatute\b/i;

const reviewNotice =
  /Last reviewed (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\. This is a plain-language summary, not legal advice/;

function visibleText(element: HTMLElement, leaveOut = "script, style, template"): string {
  // A space before every tag, so cells and list items do not run together ("EPA MCLNitrite").
  const copy = parse(element.outerHTML.replace(/</g, " <"));
  copy.querySelectorAll(leaveOut).forEach((node) => node.remove());
  return copy.textContent.replace(/\s+/g, " ");
}

/**
 * The first words of `main` that state the law, or null when the page states none. The Sources
 * box itself is left out, and so are cards repeating another page's summary (data-summary-of):
 * that page carries the sources.
 */
export function lawMarkerIn(main: HTMLElement): string | null {
  return (
    visibleText(main, "script, style, template, aside[aria-labelledby='sources-title'], [data-summary-of]").match(
      lawMarkers,
    )?.[0] ?? null
  );
}

/** What a page that explains the law is missing; empty when it has it all, or states no law. */
export function lawNoticeProblems(html: string): string[] {
  const main = parse(html).querySelector("main");
  if (!main) return ["has no <main>"];
  const marker = lawMarkerIn(main);
  if (!marker) return [];
  const why = `states the law ("${marker}") but`;
  const box = main
    .querySelectorAll("aside[aria-labelledby='sources-title']")
    .find((aside) => aside.querySelector("h2")?.textContent.trim() === "Sources");
  if (!box) return [`${why} has no Sources box`];
  const problems: string[] = [];
  if (!reviewNotice.test(visibleText(box))) problems.push(`${why} gives no review date and not-legal-advice note`);
  const links = box.querySelectorAll("a").filter((a) => /^https:\/\/[^/]+\.[^/]+/.test(a.getAttribute("href") ?? ""));
  if (!links.length) problems.push(`${why} links no source`);
  return problems;
}
