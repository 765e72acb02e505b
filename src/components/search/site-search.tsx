import { navigate } from "gatsby";
import React, { useEffect, useId, useRef, useState } from "react";
import { cn } from "../../lib/ui/cn";
import { RESULTS_PER_PAGE, resultsStatus, routeOfResult } from "../../lib/seo/search";
import { buttonStyles } from "../ui/button";
import { searchSite, type PagefindResultData, type SiteSearchMatches } from "./pagefind";
import { SearchResult } from "./search-result";

type State =
  | { kind: "idle" }
  | { kind: "searching"; query: string }
  | {
      kind: "done";
      query: string;
      matches: SiteSearchMatches;
      results: PagefindResultData[];
      /** The last "Show more results" could not read the next results. */
      moreFailed?: boolean;
    }
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
      const status = resultsStatus({ query: state.query, total: state.matches.total, shown: state.results.length });
      return state.moreFailed ? `${status} The next results could not load: try again.` : status;
    }
  }
}

/** The keys the field answers, which a focused result hands back to it. */
const LIST_KEYS = new Set(["ArrowDown", "ArrowUp", "Enter", "Escape"]);

/**
 * The search field as an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/):
 * focus stays in the field while the arrows move through the results, Enter opens the chosen
 * one, Escape leaves the list and then clears the field. The results stay listed under the field,
 * so they are the page of results too; a status line says how many matched, and "Show more
 * results" lists the next ones and focuses the first of them.
 */
export function SiteSearch() {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [active, setActive] = useState(-1);
  const latest = useRef("");
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const readingMore = useRef(false);
  /** The result to focus once it is on the page: the first that "Show more results" added. */
  const focusOnRender = useRef<number | null>(null);
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
    void searchSite(trimmed)
      .then(async (matches) => ({ matches, results: await matches.read(0, RESULTS_PER_PAGE) }))
      .then(
        // Only the answer to the latest words counts: typing on makes earlier answers stale.
        (found) => latest.current === trimmed && setState({ kind: "done", query: trimmed, ...found }),
        () => latest.current === trimmed && setState({ kind: "failed", query: trimmed }),
      );
  };

  const showMore = () => {
    if (state.kind !== "done" || readingMore.current) return;
    const shown = state;
    readingMore.current = true;
    void shown.matches
      .read(shown.results.length, RESULTS_PER_PAGE)
      .then(
        (more) => {
          if (latest.current !== shown.query) return;
          focusOnRender.current = shown.results.length;
          setState({ ...shown, results: [...shown.results, ...more], moreFailed: false });
        },
        () => latest.current === shown.query && setState({ ...shown, moreFailed: true }),
      )
      .finally(() => {
        readingMore.current = false;
      });
  };

  useEffect(() => {
    const initial = queryInAddress();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address's words are known in the browser only, after hydration
    if (initial) run(initial);
  }, []);

  useEffect(() => {
    if (focusOnRender.current === null) return;
    // Focus (and so scrolling) goes to the first new result: the button that asked may be gone.
    (list.current?.children[focusOnRender.current] as HTMLElement | undefined)?.focus();
    focusOnRender.current = null;
  }, [state]);

  const open = (result: PagefindResultData) => void navigate(routeOfResult(result.url));

  const choose = (index: number) => {
    setActive(index);
    // Focus stays in the field, so the browser would not scroll the chosen result into view.
    (list.current?.children[index] as HTMLElement | undefined)?.scrollIntoView({ block: "nearest" });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowDown" && results.length) {
      event.preventDefault();
      choose((active + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length) {
      event.preventDefault();
      choose(active <= 0 ? results.length - 1 : active - 1);
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

  // A result focused by "Show more results" answers the field's keys by handing focus back to it.
  const onResultKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (!LIST_KEYS.has(event.key)) return;
    field.current?.focus();
    onKeyDown(event);
  };

  return (
    <div role="search">
      <label htmlFor={`${ids}-field`} className="block font-semibold text-slate-900">
        Search services, water tests, the FAQ and articles
      </label>
      <input
        ref={field}
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
      <div ref={list} id={listId} role="listbox" aria-label="Pages that match" className="mt-4 grid gap-3">
        {results.map((result, index) => (
          <SearchResult
            key={result.url}
            id={optionId(index)}
            result={result}
            active={index === active}
            onOpen={() => open(result)}
            onActivate={() => setActive(index)}
            onKeyDown={onResultKeyDown}
          />
        ))}
      </div>
      {state.kind === "done" && state.results.length < state.matches.total && (
        <button type="button" onClick={showMore} className={cn(buttonStyles({ variant: "secondary" }), "mt-6")}>
          {moreLabel(state.matches.total - state.results.length)}
        </button>
      )}
    </div>
  );
}

/** The button names how many it will add: the next page, or the few left. */
function moreLabel(left: number): string {
  const next = Math.min(left, RESULTS_PER_PAGE);
  return next === 1 ? "Show 1 more result" : `Show ${next} more results`;
}
