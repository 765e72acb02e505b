import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { previewHeaders, securityHeaders } from "./src/lib/http-headers";
import { mdxOptions } from "./src/lib/mdx-options";
import { postPath } from "./src/lib/paths";

/** The public address of the site, for canonical URLs, share images, the sitemap and the feed. */
export const siteUrl = (process.env.SITE_URL ?? "https://www.severnridgeinspections.com").replace(/\/+$/, "");

/** Where content lives; the content tests point this at a broken copy. */
const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
const site = parse(readFileSync(path.join(contentDir, "site.yaml"), "utf8")) as { name: string; tagline: string };

interface FeedQuery {
  allBlogPost: { nodes: { title: string; description: string; slug: string; date: string; author: string }[] };
}

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: site.name, description: site.tagline },
  // URLs match the specification exactly: /services/radon, never /services/radon/.
  trailingSlash: "never",
  graphqlTypegen: { generateOnBuild: true },
  // Builds for Netlify: the functions become Netlify Functions, headers go to public/_headers.
  adapter: adapter(),
  headers: [{ source: "/*", headers: [...securityHeaders, ...previewHeaders()] }],
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    { resolve: "gatsby-source-filesystem", options: { name: "content", path: contentDir } },
    {
      resolve: "gatsby-plugin-mdx",
      options: {
        extensions: [".mdx", ".md"],
        mdxOptions,
      },
    },
    {
      // Every public page; the 404 page is left out by the plugin.
      resolve: "gatsby-plugin-sitemap",
      options: { excludes: ["/404", "/404.html"] },
    },
    {
      resolve: "gatsby-plugin-feed",
      options: {
        query: `{ site { siteMetadata { title description siteUrl site_url: siteUrl } } }`,
        feeds: [
          {
            title: `${site.name}: Maryland inspection guides`,
            output: "/rss.xml",
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
