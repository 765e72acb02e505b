import type { GatsbyConfig } from "gatsby";
import { netlifyAdapter } from "./gatsby/netlify-adapter";
import { defaultContentDir, readSiteContent, unreadableCopyFiles } from "./src/build-time/content-files";
import { mdxPluginOptions } from "./src/build-time/mdx-options";
import { SITE_LANGUAGE } from "./src/lib/ui/constants";
import { postPath } from "./src/lib/paths";
import { siteUrlOf } from "./src/lib/seo/site-url";
import { sitemapEntries, type DatedPage } from "./src/lib/seo/sitemap";

/** The public address of the site, for canonical URLs, share images, the sitemap and the feed. */
export const siteUrl = siteUrlOf(process.env);

const site = readSiteContent();

interface SitemapQuery {
  allSitePage: { nodes: { path: string }[] };
  allService: { nodes: DatedPage[] };
  allBlogPost: { nodes: DatedPage[] };
  allArea: { nodes: DatedPage[] };
}

interface FeedQuery {
  allBlogPost: { nodes: { title: string; description: string; slug: string; date: string; author: string }[] };
}

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: site.name, description: site.tagline },
  // One address per page, /services/radon and never /services/radon/, so links, canonical URLs
  // and the sitemap agree and no page is reachable twice.
  trailingSlash: "never",
  // The page-creating query lives in gatsby/pages.ts, beside the other build hooks' modules.
  graphqlTypegen: { generateOnBuild: true, documentSearchPaths: ["./gatsby-node.ts", "./gatsby/**/*.ts"] },
  // Builds for Netlify: the functions become Netlify Functions, Gatsby's headers go to
  // public/_headers beside the site's own (written after the build: src/lib/http/http-headers.ts).
  adapter: netlifyAdapter(),
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // Content files become File nodes, and gatsby/source-content.ts makes the site's nodes from them.
    // A copy file whose front matter cannot be read is left out, and reported by gatsby-node.ts.
    {
      resolve: "gatsby-source-filesystem",
      options: {
        name: "content",
        path: defaultContentDir,
        ignore: unreadableCopyFiles(defaultContentDir).map(({ file }) => file),
      },
    },
    // The MDX layer: an Mdx node of each copy file (its front matter, table of contents and
    // compilation), whose copy gatsby/copy.ts compiles into the HTML and sections the pages set in.
    { resolve: "gatsby-plugin-mdx", options: mdxPluginOptions },
    {
      // Every public page; the 404 page is left out by the plugin.
      resolve: "gatsby-plugin-sitemap",
      options: {
        // The pages a booking's, a signing and a data link open are for their visitor only.
        excludes: ["/404", "/404.html", "/agreement", "/booking", "/desk", "/agent", "/report", "/privacy/data"],
        query: `{
          allSitePage { nodes { path } }
          allService { nodes { path lastReviewed(formatString: "YYYY-MM-DD") } }
          allBlogPost { nodes { path date(formatString: "YYYY-MM-DD") lastReviewed(formatString: "YYYY-MM-DD") } }
          allArea { nodes { path lastReviewed } }
        }`,
        resolveSiteUrl: () => siteUrl,
        resolvePages: ({ allSitePage, allService, allBlogPost, allArea }: SitemapQuery) =>
          sitemapEntries(
            allSitePage.nodes.map((page) => page.path),
            [...allService.nodes, ...allBlogPost.nodes, ...allArea.nodes],
          ).map(({ url, lastmod }) => ({ path: url, lastmod })),
        serialize: ({ path: url, lastmod }: { path: string; lastmod?: string }) => ({ url, lastmod }),
      },
    },
    {
      resolve: "gatsby-plugin-feed",
      options: {
        query: `{ site { siteMetadata { title description siteUrl site_url: siteUrl } } }`,
        feeds: [
          {
            title: `${site.name}: Maryland inspection guides`,
            output: "/rss.xml",
            // The feed names its own address (atom:link rel="self") and language, as feed validators ask.
            feed_url: `${siteUrl}/rss.xml`,
            language: SITE_LANGUAGE,
            query: `{
              allBlogPost(sort: { date: DESC }) {
                nodes { title description slug date author }
              }
            }`,
            serialize: ({ query }: { query: FeedQuery }) =>
              query.allBlogPost.nodes.map((post) => ({
                title: post.title,
                description: post.description,
                date: post.date,
                author: post.author,
                url: `${siteUrl}${postPath(post.slug)}`,
                guid: `${siteUrl}${postPath(post.slug)}`,
              })),
          },
        ],
      },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.name,
        short_name: "Severn Ridge",
        description: site.tagline,
        start_url: "/",
        background_color: "#ffffff",
        theme_color: "#174f73",
        display: "standalone",
        icon: "src/images/icon.svg",
      },
    },
  ],
};

export default config;
