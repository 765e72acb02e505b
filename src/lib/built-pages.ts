/**
 * Reading the built site: which pages it has, their titles, and the inline scripts Gatsby
 * wrote into them. Used after the build for share images and Content-Security-Policy hashes.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

export interface BuiltPage {
  /** The address the page is served at: "/", "/services/radon". */
  route: string;
  /** The HTML file under public/. */
  file: string;
}

/**
 * Every page of the built site; 404.html stands for any unknown address. Gatsby writes a page as
 * `<route>/index.html`; after onPostBuild the Netlify adapter moves it to `<route>.html` (addresses
 * have no trailing slash). A rebuild with Gatsby's cache writes again only the pages that changed,
 * so the others are found under their moved name; a page found both ways is taken from this build.
 */
export function builtPages(publicDir: string): BuiltPage[] {
  const pages = new Map<string, BuiltPage>();
  const add = (route: string, file: string, fresh: boolean) => {
    if (route === "/404") return;
    if (fresh || !pages.has(route)) pages.set(route, { route, file });
  };
  const routeOf = (dir: string) =>
    `/${path.relative(publicDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["page-data", "static", "og", "_gatsby", "~partytown"].includes(entry.name)) walk(full);
      } else if (entry.name === "index.html") {
        add(routeOf(dir), full, true);
      } else if (entry.name.endsWith(".html")) {
        add(routeOf(path.join(dir, entry.name.slice(0, -".html".length))), full, false);
      }
    }
  };
  walk(publicDir);
  return [...pages.values()].sort((a, b) => a.route.localeCompare(b.route));
}

/** The page's own title: the part of <title> before " | <business>". */
export function pageTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
  return decodeEntities(title).split(" | ")[0]!.trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** SHA-256 (base64) of each inline script a browser would run; JSON data blocks are not scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc=/.test(attributes) || !body) continue;
    const type = /\btype=["']?([^"'\s>]+)/.exec(attributes)?.[1];
    if (type && !["module", "text/javascript", "application/javascript"].includes(type)) continue;
    hashes.push(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return hashes;
}
