/**
 * gatsby-plugin-mdx's options, read by the plugin (gatsby-config.ts) and by the copy's compilation
 * (gatsby/copy.ts), so both read the copy alike. MDX 2 needs the plugin majors made for it:
 * remark-gfm 3 (tables), rehype-slug 5 (heading ids).
 */
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { rehypeTableCaptions } from "../lib/content/table-captions";
import { copyExtensions } from "./content-files";

export const mdxPluginOptions = {
  extensions: copyExtensions,
  mdxOptions: { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug, rehypeTableCaptions] },
};
