import { Link } from "gatsby";
import React from "react";

/** The mark (a roofline over a check) and the business name, linking home. */
export function Logo({ name }: { name: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-brand-800" aria-label={`${name}, home`}>
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M6 15.5 16 7l10 8.5"
          fill="none"
          stroke="#e0a93b"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="m11.5 18.5 3.2 3.2 6-6.2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-base leading-tight font-bold tracking-tight sm:text-lg">{name}</span>
    </Link>
  );
}
