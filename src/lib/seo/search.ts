/**
 * Search across the site from the CDN alone: after the build, Pagefind indexes the main content
 * of the pages `isSearchable` names (gatsby/search-index.ts) into public/pagefind/, and /search
 * loads that index in the visitor's browser. No query leaves the site.
 */
import { decodeXML } from "entities/decode";
import { areasPath, blogPath, cancellationPath, privacyPath, servicesPath } from "../paths";

/** Where the index and Pagefind's own script are published. */
export const SEARCH_BUNDLE = "/pagefind";

/** How many results are shown at first, and how many more each "Show more results" adds. */
export const RESULTS_PER_PAGE = 10;

/** What the status line under the field says of a finished search. */
export function resultsStatus({ query, total, shown }: { query: string; total: number; shown: number }): string {
  if (!total) return `No pages match “${query}”.`;
  const count = total === 1 ? "1 page matches" : `${total} pages match`;
  // After "Show more results", the line says so, so a screen reader hears that the rest arrived.
  const part = shown < total ? `, the first ${shown} shown` : shown > RESULTS_PER_PAGE ? `, all ${shown} shown` : "";
  return `${count} “${query}”${part}. Use the up and down arrows to choose one, Enter to open it.`;
}

/**
 * The pages the index covers: services and water packages, the area pages, the FAQ, the articles
 * and the pages that state the law. Lists (the blog index, topics, /services, /areas) and forms are
 * left out, so a result is a page that answers, not one that links to it.
 */
export function isSearchable(pathname: string): boolean {
  const route = pathname.replace(/\/+$/, "") || "/";
  if (route.startsWith(`${servicesPath}/`) || route.startsWith(`${areasPath}/`)) return true;
  if ([`/faq`, `/about`, privacyPath, cancellationPath].includes(route)) return true;
  const post = new RegExp(`^${blogPath}/([^/]+)$`).exec(route);
  return Boolean(post && !/^\d+$/.test(post[1]!));
}

/** Pagefind names a page by its file (/services/radon.html); the site's address has no .html. */
export function routeOfResult(url: string): string {
  const route = url.replace(/(?:\/index)?\.html$/, "").replace(/\/+$/, "");
  return route || "/";
}

/** A piece of an excerpt: `match` is a word the query found. */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

/**
 * Pagefind's excerpt is escaped text with the matching words in <mark>: it is split into parts
 * so the page renders them as text, never as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  return excerpt
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => {
      const marked = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
      return { text: decodeXML(marked ? marked[1]! : part), match: Boolean(marked) };
    });
}
