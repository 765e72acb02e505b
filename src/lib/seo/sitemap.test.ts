import { sitemapEntries } from "./sitemap";

test("a page is dated by its review date, or else its publication date, or not at all", () => {
  const entries = sitemapEntries(
    ["/", "/services/radon", "/blog/radon-guide", "/blog/mold-law", "/areas/frederick"],
    [
      { path: "/services/radon", lastReviewed: "2026-11-20" },
      { path: "/areas/frederick", lastReviewed: "2026-12-07" },
      { path: "/blog/radon-guide", date: "2025-03-04", lastReviewed: "2026-01-10" },
      { path: "/blog/mold-law", date: "2025-05-01", lastReviewed: null },
    ],
  );
  expect(entries).toEqual([
    { url: "/" },
    { url: "/services/radon", lastmod: "2026-11-20" },
    { url: "/blog/radon-guide", lastmod: "2026-01-10" },
    { url: "/blog/mold-law", lastmod: "2025-05-01" },
    { url: "/areas/frederick", lastmod: "2026-12-07" },
  ]);
});
