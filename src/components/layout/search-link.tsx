import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { searchPath } from "../../lib/paths";

const Search = iconFrom(lucide.Search);

/**
 * The way to search from every page, at every width: a magnifier with a name, styled as the menu
 * button beside it (no rule of its own in each page's inline CSS), 36 px wide on a wide screen,
 * where the full phone number and the schedule button share the row with it. A plain link, not
 * Gatsby's: the search page is loaded whole, so it runs under its own policy, the one that lets
 * Pagefind compile its WebAssembly (src/lib/http/http-headers.ts); other pages' policies do not.
 */
export function SearchLink({ pathname }: { pathname: string }) {
  return (
    <a
      href={searchPath}
      aria-current={pathname === searchPath ? "page" : undefined}
      className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 xl:w-9"
    >
      <Search className="size-5" aria-hidden="true" />
      <span className="sr-only">Search the site</span>
    </a>
  );
}
