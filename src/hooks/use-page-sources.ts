import { graphql, useStaticQuery } from "gatsby";
import type { LawPage } from "../lib/content/content-schema";

/** The review date and sources of a page that states the law but has no content file of its own (content/page-sources.yaml). */
export function usePageSources(page: LawPage): Queries.UsePageSourcesQuery["allPageSources"]["nodes"][number] {
  const data = useStaticQuery<Queries.UsePageSourcesQuery>(graphql`
    query UsePageSources {
      allPageSources {
        nodes {
          page
          lastReviewed(formatString: "MMMM D, YYYY")
          sources {
            label
            url
          }
        }
      }
    }
  `);
  const entry = data.allPageSources.nodes.find((node) => node.page === page);
  if (!entry) throw new Error(`content/page-sources.yaml has no entry for "${page}"`);
  return entry;
}
