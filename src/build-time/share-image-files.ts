/**
 * Writes every page's share image into public/ at build time. Drawing is most of a cold build's work, so each
 * PNG is cached under the hash of its words (title, business name, phone) and of how it is drawn (code, fonts,
 * PNG settings): a rebuild draws only what changed and copies the rest. The key is taken from the words, not
 * the finished SVG, so a warm rebuild lays out no text for the images it copies.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp from "sharp";

import { shareImagePath } from "../lib/paths";
import { shareFontFiles, shareImageSvg, type ShareFonts } from "./share-image";

/**
 * How sharp writes each PNG; part of every key, so that a change redraws them all. An image is a
 * few flat colours and their anti-aliased edges, so a palette of at most 64 colours, undithered,
 * holds it (edges within about a level of the drawing on average); the quickest quantising
 * (effort 1) costs about twice the drawing's time, and the files are about 30% smaller than a PNG
 * of a fixed palette of the drawing's colours.
 */
const PNG_OPTIONS = { palette: true, colours: 64, effort: 1, dither: 0 } as const;

/** The files an image's drawing comes from, relative to the site's root, besides the fonts. */
const DRAWING_SOURCES = ["src/build-time/share-image.ts", "src/lib/paths.ts"];

/** How every image is drawn: the drawing code, the fonts and the PNG settings. A change to any redraws them all. */
export function drawingFingerprint(siteRoot: string): string {
  const hash = createHash("sha256").update(JSON.stringify(PNG_OPTIONS));
  for (const file of DRAWING_SOURCES) hash.update(readFileSync(path.join(siteRoot, file)));
  for (const file of Object.values(shareFontFiles(siteRoot))) hash.update(readFileSync(file));
  return hash.digest("hex");
}

/** Images drawn at the same time. */
const AT_ONCE = 2 * availableParallelism();

export interface SharePage {
  route: string;
  title: string;
}

export interface ShareImageResult {
  drawn: number;
  reused: number;
}

export async function writeShareImages({
  pages,
  fonts,
  eyebrow,
  footer,
  publicDir,
  cacheDir,
  drawnWith,
}: {
  pages: readonly SharePage[];
  fonts: ShareFonts;
  eyebrow: string;
  footer: string;
  /** drawingFingerprint() of this build. */
  drawnWith: string;
  publicDir: string;
  /** A folder kept between builds (Gatsby's cache.directory); only this build's images stay in it. */
  cacheDir: string;
}): Promise<ShareImageResult> {
  await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  let drawn = 0;
  const writeOne = async ({ route, title }: SharePage) => {
    const words = { title, eyebrow, footer };
    const key = createHash("sha256").update(drawnWith).update(JSON.stringify(words)).digest("hex");
    const cached = path.join(cacheDir, `${key}.png`);
    used.add(path.basename(cached));
    if (!existsSync(cached)) {
      // Written under a temporary name first, so a build stopped halfway never leaves half a PNG under a real key.
      const partial = `${cached}.${process.pid}.${route.replace(/\W+/g, "_")}.tmp`;
      await writeFile(
        partial,
        await sharp(Buffer.from(shareImageSvg(fonts, words)))
          .png(PNG_OPTIONS)
          .toBuffer(),
      );
      await rename(partial, cached);
      drawn += 1;
    }
    const file = path.join(publicDir, shareImagePath(route));
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(cached, file);
  };
  // A few images at a time, each taking its next page from one list: enough to keep every core
  // busy, and no more, since an image's pixels take 3 MB until it is encoded.
  let next = 0;
  const drawOneAfterAnother = async () => {
    while (next < pages.length) await writeOne(pages[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, pages.length) }, drawOneAfterAnother));
  // Images no page uses any more would only grow the cache.
  for (const name of await readdir(cacheDir)) {
    if (!used.has(name)) await rm(path.join(cacheDir, name), { force: true });
  }
  return { drawn, reused: pages.length - drawn };
}
