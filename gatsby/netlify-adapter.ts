import type { IAdapter } from "gatsby";
import createNetlifyAdapter from "gatsby-adapter-netlify";
import { withSiteValues } from "../src/lib/http-headers";

/**
 * Gatsby's Netlify adapter, handed header rules that agree with the site's. Gatsby adds its own
 * defaults to every path, among them `x-xss-protection: 1; mode=block`, which browsers dropped and
 * which can open cross-site leaks; neither Gatsby nor the adapter has an option to leave it out.
 * The adapter writes public/_headers after every build hook has run (gatsby/post-build.ts runs
 * before it), so the headers are corrected on their way in rather than in the written file.
 */
export function netlifyAdapter(): IAdapter {
  const adapter = createNetlifyAdapter();
  return {
    ...adapter,
    adapt: (context) =>
      adapter.adapt({
        ...context,
        headerRoutes: context.headerRoutes.map((route) => ({ ...route, headers: withSiteValues(route.headers) })),
      }),
  };
}
