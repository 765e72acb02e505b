import React from "react";
import { excerptParts, routeOfResult } from "../../lib/seo/search";
import type { PagefindResultData } from "./pagefind";

interface SearchResultProps {
  id: string;
  result: PagefindResultData;
  active: boolean;
  onOpen: () => void;
  onActivate: () => void;
  /** Keys pressed while the result itself has focus (after "Show more results"). */
  onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => void;
}

/** One match in the results listbox: the page's title and address, and the words around the match. */
export function SearchResult({ id, result, active, onOpen, onActivate, onKeyDown }: SearchResultProps) {
  const route = routeOfResult(result.url);
  return (
    // The keys are the field's (the combobox pattern: focus stays there); a result that "Show more
    // results" focused hands them back to the field. A pointer picks here.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      onClick={onOpen}
      onMouseMove={onActivate}
      onFocus={onActivate}
      onKeyDown={onKeyDown}
      className={`cursor-pointer rounded-xl border bg-white p-4 ${
        active ? "border-brand-700 outline-3 outline-offset-2 outline-brand-700" : "border-slate-200"
      }`}
    >
      <span className="block text-lg font-semibold text-brand-800 underline">{result.meta.title ?? route}</span>
      <span className="block text-sm text-slate-600">{route}</span>
      <span className="mt-2 block text-slate-700">
        {excerptParts(result.excerpt).map((part, at) =>
          part.match ? (
            <mark key={at} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-slate-900">
              {part.text}
            </mark>
          ) : (
            <React.Fragment key={at}>{part.text}</React.Fragment>
          ),
        )}
      </span>
    </div>
  );
}
