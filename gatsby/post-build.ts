import type { CreatePagesArgs } from "gatsby";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSiteContent } from "../src/build-time/content-files";
import { builtPages, inlineScriptHashes, notFoundFiles, pageTitle } from "../src/build-time/built-pages";
import { inlineCriticalCss } from "../src/build-time/critical-css";
import { chunkGroupFiles, readPageData, readStats, withPagePreloads } from "../src/build-time/page-resources";
import { writeBuiltEditorSettings } from "../src/features/editor/build/admin-files";
import { headersFile, withPolicyMeta } from "../src/lib/http/http-headers";
import { deskPath, searchPath } from "../src/lib/paths";
import { reportBucketOrigin } from "../src/features/report/server/s3-store";
import { robotsTxt } from "../src/lib/seo/robots";
import { loadShareFonts } from "../src/build-time/share-image";
import { drawingFingerprint, writeShareImages } from "../src/build-time/share-image-files";
import { writeFaviconIco } from "./favicon";
import { contentRoot, siteRoot } from "./site-root";

/**
 * After the pages are written: each page's inline CSS cut to what it uses (src/build-time/critical-css.ts)
 * and what it needs to hydrate named for preloading (src/build-time/page-resources.ts),
 * a share image for each page, public/_headers (the site's headers with each page's
 * Content-Security-Policy, from its inline scripts' hashes: src/lib/http/http-headers.ts; the 404 page
 * states its own in a <meta> element), robots.txt, /favicon.ico, and the editor's settings with the
 * site's style sheet for its preview pane. The Netlify adapter runs next and adds Gatsby's own headers to the same
 * _headers file.
 */
export async function writePostBuildFiles({
  reporter,
  getNodesByType,
  cache,
}: Pick<CreatePagesArgs, "reporter" | "getNodesByType" | "cache">): Promise<void> {
  const publicDir = path.join(siteRoot, "public");
  const pages = builtPages(publicDir);
  const notFoundPages = notFoundFiles(publicDir);
  const stats = readStats(publicDir);
  const sheets = new Map<string, string>();
  const readSheet = (href: string) => {
    if (!sheets.has(href)) sheets.set(href, readFileSync(path.join(publicDir, href), "utf8"));
    return sheets.get(href)!;
  };
  // First, since it rewrites the pages whose inline scripts the policy below hashes. Each page is
  // read once: what is written is kept for the share images' titles and the policy's hashes.
  const html = new Map<string, string>();
  for (const { file, route } of [...pages, ...notFoundPages.map((file) => ({ file, route: undefined }))]) {
    const page = await readFile(file, "utf8");
    // gatsby-ssr.tsx leaves out gatsby-plugin-image's head script and styles, which a GatsbyImage needs.
    if (page.includes("data-gatsby-image-wrapper")) {
      throw new Error(`${file} shows a GatsbyImage: let gatsby-ssr.tsx keep gatsby-plugin-image's head components`);
    }
    const critical = await inlineCriticalCss(page, readSheet);
    // A not-found page answers many addresses, whose own page data Gatsby asks for first: nothing
    // to name. It answers addresses only the "/*" rule matches, so it carries its own policy.
    const final =
      route === undefined
        ? withPolicyMeta(critical, inlineScriptHashes(critical))
        : withPagePreloads(critical, route, readPageData(publicDir, route), stats);
    await writeFile(file, final);
    if (route !== undefined) html.set(route, final);
  }
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

  // The report bucket's origin, from the settings this build has: the desk's browser uploads there.
  const bucket = reportBucketOrigin(process.env);
  await writeFile(
    path.join(publicDir, "_headers"),
    headersFile(
      pages.map(({ route }) => ({
        route,
        scriptHashes: inlineScriptHashes(html.get(route)!),
        // Pagefind's WebAssembly: only the search page runs it (src/components/search/pagefind.ts).
        webAssembly: route === searchPath,
        connectTo: route === deskPath && bucket ? [bucket] : [],
      })),
    ),
  );

  // The site's whole sheet, as the app loads it, for the editor's preview pane.
  const siteSheet = chunkGroupFiles(stats, "app").find((file) => file.endsWith(".css"));
  if (!siteSheet) throw new Error("webpack.stats.json names no style sheet for the app");
  writeBuiltEditorSettings(publicDir, siteSheet);

  const { siteUrl } = getNodesByType("Site")[0]!.siteMetadata as { siteUrl: string };
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  await writeFaviconIco(publicDir);
  reporter.info(
    `Critical CSS inlined, share images (${shareImages.drawn} drawn, ${shareImages.reused} from the cache), CSP headers and robots.txt written for ${pages.length} pages; the desk sends reports to ${bucket ?? "this site itself (no REPORTS_S3_BUCKET in this build)"}`,
  );
}
