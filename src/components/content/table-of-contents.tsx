import React from "react";

interface TocItem {
  url?: string;
  title?: string;
  items?: TocItem[];
}

/** The page's own sections, from its `##` headings (gatsby-plugin-mdx's tableOfContents). */
export function TableOfContents({ toc }: { toc: unknown }) {
  const items = ((toc as { items?: TocItem[] } | null)?.items ?? []).flatMap((item) =>
    // A page whose first heading level is `##` nests them under one untitled entry.
    item.title ? [item] : (item.items ?? []),
  );
  const sections = items.filter((item): item is Required<Pick<TocItem, "url" | "title">> =>
    Boolean(item.url && item.title),
  );
  if (sections.length < 2) return null;
  return (
    <nav aria-labelledby="toc-title" className="rounded-xl border border-slate-200 p-5">
      <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.url}>
            <a href={section.url} className="block py-1 text-brand-700 hover:text-brand-900 hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
