/**
 * Reading the built site: which pages it has, their titles, and the inline scripts Gatsby
 * wrote into them. Used after the build (share images, Content-Security-Policy hashes) and by
 * the scripts and tests that read public/. This is the one place a file and its route meet.
 */
import { decodeHTML } from "entities/decode";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export interface BuiltPage {
  /** The address the page is served at: "/", "/services/radon". */
  route: string;
  /** The HTML file under public/. */
  file: string;
}

/** Folders of public/ that hold data, scripts and images, never pages. */
// admin/ is the content editor: a static page of its own with its own headers, not for visitors.
const NOT_PAGES = new Set(["page-data", "static", "og", "icons", "_gatsby", "~partytown", "admin"]);

/**
 * The route an HTML file under public/ answers (trailingSlash "never"): index.html is "/";
 * blog/x/index.html, as Gatsby writes it, and blog/x.html, as the Netlify adapter then
 * moves it, are both "/blog/x". An address naming such a file ("/blog/x.html") gives its route too.
 */
export function routeOfFile(relativeFile: string): string {
  const route = `/${relativeFile.split(path.sep).join("/").replace(/^\/+/, "")}`;
  return route.replace(/\/index\.html$/, "").replace(/\.html$/, "") || "/";
}

/**
 * The files under public/ that may answer an address, in the order they are tried: the file the
 * address names ("/robots.txt"), then the page as Gatsby writes it (<address>/index.html) and as
 * the Netlify adapter moves it (<address>.html). After a build only one of the two exists; during
 * the post-build step of a rebuild with Gatsby's cache both may, and <address>/index.html is the
 * one this build wrote. Paths are relative to public/, with "/" between folders.
 */
export function filesForAddress(address: string): string[] {
  const relative = address.replace(/^\/+|\/+$/g, "");
  return relative === "" ? ["index.html"] : [relative, `${relative}/index.html`, `${relative}.html`];
}

/** The HTML file of a route, in either layout; "/404.html" names Gatsby's not-found page itself. */
export function htmlFileFor(publicDir: string, route: string): string {
  const candidates = filesForAddress(route)
    .filter((file) => file.endsWith(".html"))
    .map((file) => path.join(publicDir, file));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`No HTML for ${route} in ${publicDir} (looked for ${candidates.join(", ")})`);
  return found;
}

/** Every page of the built site; the not-found page (404.html, 404/) stands for any unknown address. */
export function builtPages(publicDir: string): BuiltPage[] {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_PAGES.has(entry.name)) walk(full);
      } else if (entry.name.endsWith(".html")) {
        const route = routeOfFile(path.relative(publicDir, full));
        // A rebuild with Gatsby's cache writes <route>/index.html again only for the pages that
        // changed; the others are still <route>.html, where the Netlify adapter moved them. A
        // page found both ways is taken from this build.
        const fresh = entry.name === "index.html";
        if (!/^\/404(\/|$)/.test(route) && (fresh || !pages.has(route))) pages.set(route, full);
      }
    }
  };
  walk(publicDir);
  return [...pages].map(([route, file]) => ({ route, file })).sort((a, b) => a.route.localeCompare(b.route));
}

/** The versions of the 404 page Gatsby writes (for /404.html and for /404). */
export function notFoundFiles(publicDir: string): string[] {
  return ["404.html", path.join("404", "index.html")]
    .map((file) => path.join(publicDir, file))
    .filter((file) => existsSync(file));
}

/** The page's own title: the part of <title> before " | <business>". */
export function pageTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
  return decodeHTML(title).split(" | ")[0]!.trim();
}

/** Script hashes by script: most of Gatsby's inline scripts are the same on every page. */
const scriptHashes = new Map<string, string>();

/** SHA-256 (base64) of each inline script a browser would run; JSON data blocks are not scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc=/.test(attributes) || !body) continue;
    const type = /\btype=["']?([^"'\s>]+)/.exec(attributes)?.[1];
    if (type && !["module", "text/javascript", "application/javascript"].includes(type)) continue;
    let hash = scriptHashes.get(body);
    if (hash === undefined) {
      hash = createHash("sha256").update(body, "utf8").digest("base64");
      scriptHashes.set(body, hash);
    }
    hashes.push(hash);
  }
  return hashes;
}
