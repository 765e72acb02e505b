/**
 * The built site as Netlify serves it: after the Netlify adapter, /services/radon is
 * public/services/radon.html (and / is public/index.html).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { siteRoot } from "../../scripts/lib/site-copy";
import { builtPages, type BuiltPage } from "../../src/build-time/built-pages";

export const publicDir = path.join(siteRoot, "public");

/** Every page's address and file; the 404 page is left out. */
export const builtRoutes = (): BuiltPage[] => builtPages(publicDir);

export function readPage(file: string): HTMLElement {
  return parse(readFileSync(file, "utf8"));
}
