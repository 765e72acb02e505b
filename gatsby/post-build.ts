import type { CreatePagesArgs } from "gatsby";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSiteContent } from "../src/build/content-files";
import { builtPages, inlineScriptHashes, notFoundFiles, pageTitle } from "../src/build/built-pages";
import { inlineCriticalCss } from "../src/build/critical-css";
import { cspHeader, editorHeaderRules, previewHeaders, securityHeaders, type Header } from "../src/lib/http-headers";
import { robotsTxt } from "../src/lib/robots";
import { loadShareFonts } from "../src/build/share-image";
import { drawingFingerprint, writeShareImages } from "../src/build/share-image-files";
import { writeFaviconIco } from "./favicon";
import { contentRoot, siteRoot } from "./site-root";

/**
 * After the pages are written: each page's inline CSS cut to what it uses (src/build/critical-css.ts),
 * a share image for each page, each page's Content-Security-Policy (its inline scripts' hashes) in
 * public/_headers, robots.txt and /favicon.ico. The Netlify adapter runs next and adds Gatsby's own
 * headers to the same _headers file.
 */
export async function writePostBuildFiles({
  reporter,
  getNodesByType,
  cache,
}: Pick<CreatePagesArgs, "reporter" | "getNodesByType" | "cache">): Promise<void> {
  const publicDir = path.join(siteRoot, "public");
  const pages = builtPages(publicDir);
  const notFoundPages = notFoundFiles(publicDir);
  // First, since it rewrites the pages whose inline scripts the policy below hashes.
  for (const file of [...pages.map((page) => page.file), ...notFoundPages]) {
    const page = await readFile(file, "utf8");
    // gatsby-ssr.tsx leaves out gatsby-plugin-image's head script and styles, which a GatsbyImage needs.
    if (page.includes("data-gatsby-image-wrapper")) {
      throw new Error(`${file} shows a GatsbyImage: let gatsby-ssr.tsx keep gatsby-plugin-image's head components`);
    }
    await writeFile(file, await inlineCriticalCss(page, (href) => readFileSync(path.join(publicDir, href), "utf8")));
  }
  const html = new Map(
    await Promise.all(pages.map(async (page) => [page.route, await readFile(page.file, "utf8")] as const)),
  );
  const site = readSiteContent(contentRoot);

  const shareImages = await writeShareImages({
    pages: pages.map(({ route }) => ({ route, title: pageTitle(html.get(route)!) })),
    fonts: loadShareFonts(siteRoot),
    eyebrow: `${site.name} · ${site.serviceArea}`,
    footer: `${site.name} · ${site.phone}`,
    publicDir,
    cacheDir: path.join(cache.directory, "share-images"),
    drawnWith: drawingFingerprint(siteRoot),
  });

  // Any unknown address is answered with 404.html under the "/*" rules alone, so "/*" carries
  // that page's policy and the security headers (the adapter writes gatsby-config's headers only
  // for known pages). The policy allows both versions of the 404 page Gatsby writes: the adapter
  // replaces 404.html with the /404 version after this runs. Each page's own rule comes later
  // and wins (Netlify applies the last matching rule).
  const notFound = await Promise.all(notFoundPages.map((file) => readFile(file, "utf8")));
  const rules: Array<[string, Header[]]> = [
    ["/*", [cspHeader(notFound.flatMap(inlineScriptHashes)), ...securityHeaders, ...previewHeaders()]],
    ...pages.map(({ route }): [string, Header[]] => [route, [cspHeader(inlineScriptHashes(html.get(route)!))]]),
  ];
  await writeFile(
    path.join(publicDir, "_headers"),
    `# Content-Security-Policy per page (gatsby-node onPostBuild, src/lib/http-headers.ts)\n${rules
      .map(([route, headers]) => `${route}\n${headers.map(({ key, value }) => `  ${key}: ${value}\n`).join("")}`)
      .join("")}${editorHeaderRules()}`,
  );

  const { siteUrl } = getNodesByType("Site")[0]!.siteMetadata as { siteUrl: string };
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  await writeFaviconIco(publicDir);
  reporter.info(
    `Critical CSS inlined, share images (${shareImages.drawn} drawn, ${shareImages.reused} from the cache), CSP headers and robots.txt written for ${pages.length} pages`,
  );
}
