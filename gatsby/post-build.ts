import type { CreatePagesArgs } from "gatsby";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSiteContent } from "../src/build/content-files";
import { builtPages, inlineScriptHashes, notFoundFiles, pageTitle } from "../src/build/built-pages";
import { headersFile } from "../src/lib/http-headers";
import { robotsTxt } from "../src/lib/robots";
import { loadShareFonts } from "../src/build/share-image";
import { drawingFingerprint, writeShareImages } from "../src/build/share-image-files";
import { writeFaviconIco } from "./favicon";
import { contentRoot, siteRoot } from "./site-root";

/**
 * After the pages are written: a share image for each page, public/_headers (the site's headers
 * with each page's Content-Security-Policy, from its inline scripts' hashes: src/lib/http-headers.ts),
 * robots.txt and /favicon.ico. The Netlify adapter runs next and adds Gatsby's own headers to the
 * same _headers file.
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

  // The policy of "/*", which answers unknown addresses, allows both versions of the 404 page
  // Gatsby writes: the adapter replaces 404.html with the /404 version after this runs.
  const notFound = await Promise.all(notFoundFiles(publicDir).map((file) => readFile(file, "utf8")));
  await writeFile(
    path.join(publicDir, "_headers"),
    headersFile(
      notFound.flatMap(inlineScriptHashes),
      pages.map(({ route }) => ({ route, scriptHashes: inlineScriptHashes(html.get(route)!) })),
    ),
  );

  const { siteUrl } = getNodesByType("Site")[0]!.siteMetadata as { siteUrl: string };
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  await writeFaviconIco(publicDir);
  reporter.info(
    `Share images (${shareImages.drawn} drawn, ${shareImages.reused} from the cache), CSP headers and robots.txt written for ${pages.length} pages`,
  );
}
