import { navigate } from "gatsby";
import React, { useEffect, useId, useRef, useState } from "react";
import { excerptParts, routeOfResult } from "../../lib/search";
import { searchSite, type PagefindResultData } from "./pagefind";

type State =
  | { kind: "idle" }
  | { kind: "searching"; query: string }
  | { kind: "done"; query: string; total: number; results: PagefindResultData[] }
  | { kind: "failed"; query: string };

/** The query in the address (?q=), so Back returns to the same results and a search can be linked. */
function queryInAddress(): string {
  return typeof window === "undefined" ? "" : (new URLSearchParams(window.location.search).get("q") ?? "");
}

function statusText(state: State): string {
  switch (state.kind) {
    case "idle":
      return "";
    case "searching":
      return "Searching…";
    case "failed":
      return "Search could not load. Check your connection and try again.";
    case "done": {
      if (!state.total) return `No pages match “${state.query}”.`;
      const count = state.total === 1 ? "1 page matches" : `${state.total} pages match`;
      const shown = state.total > state.results.length ? `, the first ${state.results.length} shown` : "";
      return `${count} “${state.query}”${shown}. Use the up and down arrows to choose one, Enter to open it.`;
    }
  }
}

/**
 * The search field as an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/):
 * focus stays in the field while the arrows move through the results, Enter opens the chosen
 * one, Escape leaves the list and then clears the field. The results stay listed under the field,
 * so they are the page of results too; a status line says how many matched.
 */
export function SiteSearch() {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [active, setActive] = useState(-1);
  const latest = useRef("");
  const ids = useId();
  const listId = `${ids}-results`;
  const optionId = (index: number) => `${ids}-result-${index}`;
  const results = state.kind === "done" ? state.results : [];

  const run = (text: string) => {
    setQuery(text);
    setActive(-1);
    const trimmed = text.trim();
    latest.current = trimmed;
    const address = trimmed ? `?${new URLSearchParams({ q: trimmed }).toString()}` : window.location.pathname;
    window.history.replaceState(window.history.state, "", address);
    if (!trimmed) return setState({ kind: "idle" });
    setState({ kind: "searching", query: trimmed });
    searchSite(trimmed).then(
      // Only the answer to the latest words counts: typing on makes earlier answers stale.
      (found) => latest.current === trimmed && setState({ kind: "done", query: trimmed, ...found }),
      () => latest.current === trimmed && setState({ kind: "failed", query: trimmed }),
    );
  };

  useEffect(() => {
    const initial = queryInAddress();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address's words are known in the browser only, after hydration
    if (initial) run(initial);
  }, []);

  const open = (result: PagefindResultData) => void navigate(routeOfResult(result.url));

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && results.length) {
      event.preventDefault();
      setActive((active + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length) {
      event.preventDefault();
      setActive(active <= 0 ? results.length - 1 : active - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) open(chosen);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (active >= 0) setActive(-1);
      else run("");
    }
  };

  return (
    <div role="search">
      <label htmlFor={`${ids}-field`} className="block font-semibold text-slate-900">
        Search services, water tests, the FAQ and articles
      </label>
      <input
        id={`${ids}-field`}
        // A text field, not type="search": HTML allows the combobox role (and so aria-expanded) on
        // a text field only, and the W3C checker rejects them on a search field (issue 50).
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${ids}-status`}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={query}
        onChange={(event) => run(event.target.value)}
        onKeyDown={onKeyDown}
        className="mt-2 block min-h-12 w-full rounded-lg border border-slate-400 bg-white px-4 text-lg text-slate-900 focus:border-brand-700 focus:ring-3 focus:ring-brand-200 focus:outline-none"
      />
      <p id={`${ids}-status`} role="status" className="mt-3 min-h-6 text-slate-700">
        {statusText(state)}
      </p>
      <div id={listId} role="listbox" aria-label="Pages that match" className="mt-4 grid gap-3">
        {results.map((result, index) => (
          // The keys are the field's (the combobox pattern: focus stays there); a pointer picks here.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={result.url}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onClick={() => open(result)}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer rounded-xl border bg-white p-4 ${
              index === active ? "border-brand-700 outline-3 outline-offset-2 outline-brand-700" : "border-slate-200"
            }`}
          >
            <span className="block text-lg font-semibold text-brand-800 underline">
              {result.meta.title ?? routeOfResult(result.url)}
            </span>
            <span className="block text-sm text-slate-600">{routeOfResult(result.url)}</span>
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
        ))}
      </div>
    </div>
  );
}
