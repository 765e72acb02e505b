import { useSiteFrame } from "./use-site-frame";

/** The public address of the site (gatsby-config siteMetadata.siteUrl, set by SITE_URL). */
export function useSiteUrl(): string {
  return useSiteFrame().site?.siteMetadata?.siteUrl ?? "";
}
