import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { rehypeTableCaptions } from "./table-captions";

/**
 * How MDX copy is read, in one place for gatsby-plugin-mdx (table of contents, reading time)
 * and for the build-time renderer that turns each page's copy into HTML (src/build-time/mdx-html.ts).
 * MDX 2 needs the plugin majors made for it: remark-gfm 3 (tables), rehype-slug 5 (heading ids).
 */
export const mdxOptions = { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug, rehypeTableCaptions] };
