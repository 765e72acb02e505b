/**
 * Pagefind's browser API, loaded from the site's own /pagefind/ folder the first time a visitor
 * searches: no part of it is in any page's bundle or first view. Its WebAssembly needs
 * 'wasm-unsafe-eval', which only the search page's policy allows (src/lib/http/http-headers.ts).
 */
import { SEARCH_BUNDLE } from "../../lib/seo/search";

export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: Array<{ id: string; data(): Promise<PagefindResultData> }> }>;
}

let loading: Promise<PagefindApi> | null = null;

/** The API, loaded once; a failed load may be tried again. */
export function loadPagefind(): Promise<PagefindApi> {
  loading ??= (async () => {
    const url = `${SEARCH_BUNDLE}/pagefind.js`;
    // Not bundled: the file exists only once the index is built, after the site.
    const api = (await import(/* webpackIgnore: true */ url)) as PagefindApi;
    await api.options({ excerptLength: 24 });
    return api;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The pages that match, best first: how many, and their data read a slice at a time. */
export interface SiteSearchMatches {
  total: number;
  /** The data of up to `count` matches from `start`: Pagefind loads each page's excerpt on demand. */
  read(start: number, count: number): Promise<PagefindResultData[]>;
}

export async function searchSite(query: string): Promise<SiteSearchMatches> {
  const api = await loadPagefind();
  const { results } = await api.search(query);
  return {
    total: results.length,
    read: (start, count) => Promise.all(results.slice(start, start + count).map((result) => result.data())),
  };
}
