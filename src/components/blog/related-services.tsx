import { Link } from "gatsby";
import React from "react";

/**
 * A titled row of links as chips: a post's topics, and the services a reader may need under a
 * post and on a topic's page. One markup for both, so a page that shows both repeats itself
 * (which gzip carries for almost nothing) rather than adding rules to its inline CSS.
 */
export function LinkChips({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ path: string; name: string }>;
}) {
  if (!links.length) return null;
  return (
    <nav aria-labelledby={id} className="mt-12 max-w-3xl">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              to={link.path}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-200 px-4 font-medium text-brand-700 hover:bg-brand-50"
            >
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Services a reader may need, as links. */
export function RelatedServices({ services }: { services: ReadonlyArray<{ path: string; title: string }> }) {
  return (
    <LinkChips
      id="related-title"
      title="Related services"
      links={services.map((service) => ({ path: service.path, name: service.title }))}
    />
  );
}

/** A post's own related services first, then those of its topics, each once. */
export function servicesOfPost<S extends { path: string }>(
  related: readonly S[],
  topics: ReadonlyArray<{ services: readonly S[] }>,
): S[] {
  const all = [...related, ...topics.flatMap((topic) => topic.services)];
  return all.filter((service, index) => all.findIndex((other) => other.path === service.path) === index);
}
