import { Link } from "gatsby";
import React from "react";
import type { NavItem } from "../../hooks/use-navigation";
import { cn } from "../../lib/ui/cn";
import { linkCurrent } from "../../lib/ui/nav-state";

interface NavLinksProps {
  links: readonly NavItem[];
  pathname: string;
  /** Row for the header bar, column for the drawer. */
  layout: "row" | "column";
  onNavigate?: () => void;
}

/** The primary links; the current page's link (or its section's) is highlighted. */
export function NavLinks({ links, pathname, layout, onNavigate }: NavLinksProps) {
  return (
    <ul className={layout === "row" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {links.map(({ name, href }) => {
        const current = linkCurrent(href, pathname);
        return (
          <li key={href}>
            <Link
              to={href}
              aria-current={current}
              onClick={onNavigate}
              className={cn(
                "block rounded-md font-medium transition-colors",
                layout === "row" ? "px-2.5 py-2 text-sm" : "px-3 py-3 text-base",
                current
                  ? "bg-brand-50 text-brand-800 underline decoration-accent-400 decoration-2 underline-offset-8"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              {name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
