/**
 * The sitemap's <lastmod>: a page's date is the one its reader sees, a service's or an area
 * page's "last reviewed" date and a post's review date or else its publication date. Pages without a date of
 * their own get none, as search engines ignore a date that changes on every build.
 */
export interface DatedPage {
  path: string;
  lastReviewed?: string | null;
  date?: string | null;
}

export interface SitemapEntry {
  url: string;
  lastmod?: string;
}

export function sitemapEntries(pagePaths: readonly string[], dated: readonly DatedPage[]): SitemapEntry[] {
  const dates = new Map(dated.map((page) => [page.path, page.lastReviewed ?? page.date ?? undefined]));
  return pagePaths.map((path) => {
    const lastmod = dates.get(path);
    return lastmod ? { url: path, lastmod } : { url: path };
  });
}
