import React from "react";

interface SourceListProps {
  sources: readonly Queries.SourceLink[];
  lastReviewed?: string | null;
}

/**
 * The official sources behind a page and, for pages that explain the law, the date they were
 * last reviewed and the reminder that they are not legal advice.
 */
export function SourceList({ sources, lastReviewed }: SourceListProps) {
  if (!sources.length && !lastReviewed) return null;
  return (
    <aside aria-labelledby="sources-title" className="mt-12 rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="sources-title" className="text-lg font-semibold text-slate-900">
        Sources
      </h2>
      {lastReviewed && (
        <p className="mt-2 text-sm text-slate-600">
          Last reviewed {lastReviewed}. This is a plain-language summary, not legal advice; the official text governs.
        </p>
      )}
      <ul className="mt-3 space-y-2">
        {sources.map(({ label, url }) => (
          <li key={url}>
            <a href={url} className="text-brand-700 underline underline-offset-2 hover:text-brand-900" rel="noopener">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
