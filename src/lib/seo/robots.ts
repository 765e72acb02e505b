import { isPreviewDeploy } from "../http/http-headers";

/**
 * The robots.txt of a build: production invites crawlers and names the sitemap; a preview
 * or branch deploy (Netlify's CONTEXT) turns every crawler away.
 */
export function robotsTxt(siteUrl: string, context = process.env.CONTEXT): string {
  return isPreviewDeploy(context)
    ? "# A preview deploy: not for search engines.\nUser-agent: *\nDisallow: /\n"
    : `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`;
}
