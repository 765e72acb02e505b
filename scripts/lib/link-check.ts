/**
 * Checks every reference in the built site's HTML against public/, as the deployed site answers them
 * (trailingSlash "never"): internal links go to a specification route without a trailing slash and any
 * #fragment exists; files exist; a canonical names its page; tel: and mailto: are well formed; and every route
 * is reachable from the home page. The site's own origin comes from the home page's canonical link.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { filesForAddress, routeOfFile } from "../../src/build-time/built-pages";
import { readTags, type Tag } from "./html";

export interface Reference {
  /** The page's file, relative to public/. */
  file: string;
  tag: string;
  attribute: string;
  url: string;
  /** The rel attribute of a <link> or <a>, lower case. */
  rel?: string;
}

export interface LinkProblem extends Reference {
  problem: string;
}

export interface LinkCheckResult {
  pages: number;
  references: number;
  problems: LinkProblem[];
}

const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  script: ["src"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  video: ["src", "poster"],
  audio: ["src"],
  track: ["src"],
  iframe: ["src"],
  embed: ["src"],
  object: ["data"],
  form: ["action"],
};
const NAVIGATION = new Set(["a", "area"]);
const PLACEHOLDER = "https://site.invalid";

/** The URLs of a srcset: each candidate is a URL then optional descriptors, separated by commas. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let rest = srcset;
  while ((rest = rest.replace(/^[\s,]+/, ""))) {
    const url = /^\S+/.exec(rest)![0];
    rest = rest.slice(url.length);
    if (url.endsWith(",")) {
      urls.push(url.replace(/,+$/, ""));
      continue;
    }
    urls.push(url);
    rest = rest.replace(/^[^,]*/, "");
  }
  return urls;
}

/** tel: as an international number: +, then 7 to 15 digits; visual separators are allowed. */
export function telProblem(url: string): string | null {
  const number = decodeURIComponent(url.slice("tel:".length)).replace(/[-.()\s]/g, "");
  return /^\+[1-9][0-9]{6,14}$/.test(number)
    ? null
    : "tel: link is not an international number such as tel:+14105550142";
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function mailtoProblem(url: string): string | null {
  const [addresses = "", query] = url.slice("mailto:".length).split("?", 2);
  const list = addresses.split(",").map((address) => decodeURIComponent(address).trim());
  if (!list.length || list.some((address) => !EMAIL.test(address)))
    return "mailto: link has no well-formed e-mail address";
  if (query !== undefined && !query.split("&").every((pair) => /^[a-z]+=[^=]*$/i.test(pair))) {
    return "mailto: link has a malformed query (expected subject=...&body=...)";
  }
  return null;
}

export class BuiltSite {
  readonly files: Set<string>;
  private readonly html = new Map<string, string>();
  private readonly ids = new Map<string, Set<string>>();

  constructor(readonly publicDir: string) {
    this.files = new Set(
      (readdirSync(publicDir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path
            .relative(publicDir, path.join(entry.parentPath ?? entry.path, entry.name))
            .split(path.sep)
            .join("/"),
        ),
    );
  }

  /** The pages: every HTML file. */
  htmlFiles(): string[] {
    return [...this.files].filter((file) => file.endsWith(".html")).sort();
  }

  read(file: string): string {
    let text = this.html.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(this.publicDir, file), "utf8");
      this.html.set(file, text);
    }
    return text;
  }

  /** The element ids (and a names) of a page, for #fragment links. */
  idsOf(file: string): Set<string> {
    let ids = this.ids.get(file);
    if (!ids) {
      ids = new Set(
        readTags(this.read(file)).flatMap((tag) => [
          tag.attributes.id,
          tag.name === "a" ? tag.attributes.name : undefined,
        ]),
      ) as Set<string>;
      this.ids.set(file, ids);
    }
    return ids;
  }

  /** The file that answers a site path, as the deployed site would; null when none does. */
  resolve(pathname: string): { file: string; isPage: boolean } | null {
    const file = filesForAddress(pathname).find((candidate) => this.files.has(candidate));
    return file ? { file, isPage: file.endsWith(".html") } : null;
  }
}

export function referencesOf(file: string, tags: readonly Tag[]): Reference[] {
  const references: Reference[] = [];
  for (const tag of tags) {
    for (const attribute of URL_ATTRIBUTES[tag.name] ?? []) {
      const value = tag.attributes[attribute];
      if (value === undefined) continue;
      const urls = attribute === "srcset" ? srcsetUrls(value) : [value.trim()];
      const rel = tag.attributes.rel?.toLowerCase();
      urls.forEach((url) => references.push({ file, tag: tag.name, attribute, url, ...(rel ? { rel } : {}) }));
    }
    const property = tag.attributes.property ?? tag.attributes.name ?? "";
    if (tag.name === "meta" && /^(og:image|og:url|twitter:image)$/.test(property) && tag.attributes.content) {
      references.push({ file, tag: "meta", attribute: "content", url: tag.attributes.content });
    }
  }
  return references;
}

/** What is wrong with one reference, or null. */
export function checkReference(
  site: BuiltSite,
  reference: Reference,
  context: { specRoutes: ReadonlySet<string>; siteOrigin: string | null },
): string | null {
  const { url, tag: tagName } = reference;
  if (url === "") return "empty address";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "tel") return telProblem(url);
  if (scheme === "mailto") return mailtoProblem(url);
  if (scheme === "javascript") return "javascript: address";
  if (scheme === "data" || scheme === "blob") return null;

  const pageUrl = new URL(routeOfFile(reference.file), PLACEHOLDER);
  let target: URL;
  try {
    target = new URL(url, pageUrl);
  } catch {
    return "not a valid address";
  }
  const internal =
    target.origin === PLACEHOLDER || (context.siteOrigin !== null && target.origin === context.siteOrigin);
  if (!internal) return /^https?:$/.test(target.protocol) ? null : `unexpected scheme ${target.protocol}`;

  let pathname: string;
  try {
    pathname = decodeURIComponent(target.pathname);
  } catch {
    return "malformed percent-encoding";
  }
  if (tagName === "link" && reference.rel?.split(/\s+/).includes("canonical")) {
    return routeOfFile(pathname) === routeOfFile(reference.file) ? null : `canonical names ${pathname}, not this page`;
  }
  if (pathname !== "/" && pathname.endsWith("/")) return "trailing slash: the site answers it with a redirect";
  const resolved = site.resolve(pathname);
  if (!resolved) return `no file in public/ answers ${pathname}`;
  const samePage = pathname === routeOfFile(reference.file);
  if (NAVIGATION.has(tagName) && resolved.isPage && !samePage && !context.specRoutes.has(pathname)) {
    return `${pathname} is not a route of the specification`;
  }
  const fragment = decodeURIComponent(target.hash.slice(1));
  if (fragment && resolved.isPage && !site.idsOf(resolved.file).has(fragment)) {
    return `no element with id "${fragment}" on ${pathname}`;
  }
  return null;
}

/** Every reference of every HTML file in public/. */
export function checkLinks(publicDir: string, specRoutes: readonly string[]): LinkCheckResult {
  const site = new BuiltSite(publicDir);
  if (!site.resolve("/")) throw new Error(`No home page in ${publicDir}: run \`npm run build\` first.`);
  const routes = new Set(specRoutes);
  const home = site.resolve("/")!;
  const canonical = home
    ? readTags(site.read(home.file)).find((tag) => tag.name === "link" && tag.attributes.rel === "canonical")
    : undefined;
  const siteOrigin = canonical?.attributes.href ? new URL(canonical.attributes.href).origin : null;

  const problems: LinkProblem[] = [];
  let references = 0;
  /** The pages each page links to, for the walk from the home page. */
  const linksFrom = new Map<string, Set<string>>();
  const pages = site.htmlFiles();
  for (const file of pages) {
    const targets = new Set<string>();
    linksFrom.set(file, targets);
    for (const reference of referencesOf(file, readTags(site.read(file)))) {
      references += 1;
      const problem = checkReference(site, reference, { specRoutes: routes, siteOrigin });
      if (problem) problems.push({ ...reference, problem });
      else if (NAVIGATION.has(reference.tag)) {
        const target = new URL(reference.url, new URL(routeOfFile(file), PLACEHOLDER));
        const resolved = target.origin === PLACEHOLDER ? site.resolve(decodeURIComponent(target.pathname)) : null;
        if (resolved?.isPage) targets.add(resolved.file);
      }
    }
  }
  const reached = new Set([home.file]);
  for (const file of reached) for (const target of linksFrom.get(file) ?? []) reached.add(target);
  for (const route of specRoutes) {
    const file = site.resolve(route)?.file;
    if (file && !reached.has(file)) {
      problems.push({
        file,
        tag: "a",
        attribute: "href",
        url: route,
        problem: "no link leads here from the home page",
      });
    }
  }
  return { pages: pages.length, references, problems };
}

export function formatProblems(problems: readonly LinkProblem[]): string {
  return problems
    .map(
      (problem) =>
        `  public/${problem.file}: <${problem.tag} ${problem.attribute}="${problem.url}">: ${problem.problem}`,
    )
    .join("\n");
}
