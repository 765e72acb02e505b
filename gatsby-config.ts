import type { GatsbyConfig } from "gatsby";
import path from "node:path";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";

/** The public address of the site, for canonical URLs, the sitemap and the feed. */
export const siteUrl = (process.env.SITE_URL ?? "https://www.severnridgeinspections.com").replace(/\/+$/, "");

/** Where content lives; the content tests point this at a broken copy. */
const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");

const config: GatsbyConfig = {
  siteMetadata: { siteUrl },
  // URLs match the specification exactly: /services/radon, never /services/radon/.
  trailingSlash: "never",
  graphqlTypegen: { generateOnBuild: true },
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
        // MDX 2 needs the plugin majors made for it: remark-gfm 3 (tables), rehype-slug 5 (heading ids).
        mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug] },
      },
    },
  ],
};

export default config;
