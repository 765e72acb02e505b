import { Link } from "gatsby";
import React from "react";

/** The blog's topics as a labelled row of links, across the top of each page of the index. */
export function TopicLinks({
  label,
  topics,
}: {
  label: string;
  topics: ReadonlyArray<{ path: string; name: string }>;
}) {
  if (!topics.length) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {topics.map((topic) => (
          <li key={topic.path}>
            <Link
              to={topic.path}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-200 bg-white px-4 font-medium text-brand-700 hover:bg-brand-50"
            >
              {topic.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
