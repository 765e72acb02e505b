import { graphql, useStaticQuery } from "gatsby";

/** The public address of the site (gatsby-config siteMetadata.siteUrl, set by SITE_URL). */
export function useSiteUrl(): string {
  const data = useStaticQuery<Queries.UseSiteUrlQuery>(graphql`
    query UseSiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  return data.site?.siteMetadata?.siteUrl ?? "";
}
