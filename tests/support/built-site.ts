/**
 * The built site as Netlify serves it: after the Netlify adapter, /services/radon is
 * public/services/radon.html (and / is public/index.html).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { siteRoot } from "./site-copy";

export const publicDir = path.join(siteRoot, "public");

/** Every page's address and file; the 404 page is left out. */
export function builtRoutes(): { route: string; file: string }[] {
  const routes = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(publicDir, full).split(path.sep).join("/");
      if (entry.isDirectory()) {
        // admin/ is the content editor, the one page that is not for visitors.
        if (!["page-data", "static", "og", "icons", "_gatsby", "~partytown", "admin"].includes(entry.name)) walk(full);
      } else if (entry.name.endsWith(".html")) {
        const route = `/${relative.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`.replace(/\/$/, "") || "/";
        if (!/^\/404/.test(route)) routes.set(route, full);
      }
    }
  };
  walk(publicDir);
  return [...routes].map(([route, file]) => ({ route, file })).sort((a, b) => a.route.localeCompare(b.route));
}

export function readPage(file: string): HTMLElement {
  return parse(readFileSync(file, "utf8"));
}
