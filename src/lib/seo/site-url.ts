/**
 * The site's public address (SITE_URL, else the production one), without a trailing slash: for
 * canonical URLs, the sitemap and the feed at build time, and for the links e-mails carry.
 */
export const siteUrlOf = (env: NodeJS.ProcessEnv) =>
  (env.SITE_URL ?? "https://www.severnridgeinspections.com").replace(/\/+$/, "");
