import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { siteRoot } from "./site-root";

/** The variable Inter font ships from npm; it is served from /fonts so the page can preload it. */
export async function copyWebFont(): Promise<void> {
  const fontDir = path.join(siteRoot, "static", "fonts");
  await mkdir(fontDir, { recursive: true });
  await copyFile(
    createRequire(path.join(siteRoot, "package.json")).resolve(
      "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    ),
    path.join(fontDir, "inter-latin-wght-normal.woff2"),
  );
}
