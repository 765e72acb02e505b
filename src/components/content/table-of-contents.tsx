import React from "react";
import type { CopySection } from "../../build-time/copy-sections";

/** The page's own sections, from its `##` headings; a page of one section has no list. */
export function TableOfContents({ sections }: { sections: readonly CopySection[] }) {
  if (sections.length < 2) return null;
  return (
    <nav aria-labelledby="toc-title" className="rounded-xl border border-slate-200 p-5">
      <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="block py-1 text-brand-700 hover:text-brand-900 hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
