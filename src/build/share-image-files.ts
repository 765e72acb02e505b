/**
 * Writes every page's share image into public/ at build time. Turning the SVG into a PNG is
 * most of the work (on a blog of a thousand posts, most of the whole build), and an image
 * depends only on its own SVG, so each PNG is kept in a cache folder under the hash of the
 * SVG it was drawn from: a rebuild draws only the pages whose title (or the business name,
 * phone, fonts or layout) changed, and copies the rest.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

import { shareImagePath } from "../lib/paths";
import { shareImageSvg, type ShareFonts } from "./share-image";

/** Part of every key, so that a change to how PNGs are encoded redraws them all. */
const PNG_OPTIONS = { compressionLevel: 9, palette: true } as const;

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
}: {
  pages: readonly SharePage[];
  fonts: ShareFonts;
  eyebrow: string;
  footer: string;
  publicDir: string;
  /** A folder kept between builds (Gatsby's cache.directory); only this build's images stay in it. */
  cacheDir: string;
}): Promise<ShareImageResult> {
  await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  let drawn = 0;
  await Promise.all(
    pages.map(async ({ route, title }) => {
      const svg = shareImageSvg(fonts, { title, eyebrow, footer });
      const key = createHash("sha256").update(JSON.stringify(PNG_OPTIONS)).update(svg).digest("hex");
      const cached = path.join(cacheDir, `${key}.png`);
      used.add(path.basename(cached));
      if (!existsSync(cached)) {
        // Written under a temporary name first, so a build stopped halfway never leaves half a PNG under a real key.
        const partial = `${cached}.${process.pid}.${route.replace(/\W+/g, "_")}.tmp`;
        await sharp(Buffer.from(svg)).png(PNG_OPTIONS).toFile(partial);
        await rename(partial, cached);
        drawn += 1;
      }
      const file = path.join(publicDir, shareImagePath(route));
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(cached, file);
    }),
  );
  // Images no page uses any more would only grow the cache.
  for (const name of await readdir(cacheDir)) {
    if (!used.has(name)) await rm(path.join(cacheDir, name), { force: true });
  }
  return { drawn, reused: pages.length - drawn };
}
