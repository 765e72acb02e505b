import type { CreatePagesArgs } from "gatsby";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSiteContent } from "../src/build/content-files";
import { builtPages, inlineScriptHashes, notFoundFiles, pageTitle } from "../src/build/built-pages";
import { cspHeader, editorHeaderRules, previewHeaders, securityHeaders, type Header } from "../src/lib/http-headers";
import { robotsTxt } from "../src/lib/robots";
import { loadShareFonts } from "../src/build/share-image";
import { drawingFingerprint, writeShareImages } from "../src/build/share-image-files";
import { writeFaviconIco } from "./favicon";
import { contentRoot, siteRoot } from "./site-root";

/**
 * After the pages are written: a share image for each page, each page's Content-Security-Policy
 * (its inline scripts' hashes) in public/_headers, robots.txt and /favicon.ico. The Netlify adapter runs
 * next and adds Gatsby's own headers to the same _headers file.
 */
export async function writePostBuildFiles({
  reporter,
  getNodesByType,
  cache,
}: Pick<CreatePagesArgs, "reporter" | "getNodesByType" | "cache">): Promise<void> {
  const publicDir = path.join(siteRoot, "public");
  const pages = builtPages(publicDir);
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
  const notFound = await Promise.all(notFoundFiles(publicDir).map((file) => readFile(file, "utf8")));
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
    `Share images (${shareImages.drawn} drawn, ${shareImages.reused} from the cache), CSP headers and robots.txt written for ${pages.length} pages`,
  );
}
