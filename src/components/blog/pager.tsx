import { Link } from "gatsby";
import React from "react";
import { pagerPages } from "../../lib/blog-pages";
import { blogPagePath } from "../../lib/paths";

const step =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 font-medium text-brand-700 hover:bg-brand-50";

/** The way to older posts: newer, the numbered pages (the current one marked), older. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Blog pages" className="mt-10">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={blogPagePath(page - 1)} rel="prev" className={step}>
              Newer posts
            </Link>
          </li>
        )}
        {pagerPages(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={blogPagePath(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={`Page ${number}`}
                className={
                  number === page ? `${step} border-brand-700 bg-brand-700 text-white hover:bg-brand-700` : step
                }
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={blogPagePath(page + 1)} rel="next" className={step}>
              Older posts
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
