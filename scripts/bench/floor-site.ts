/**
 * The floor the benchmarks compare every page with: a bare Gatsby page (one heading, the same
 * Gatsby and React as the site), built in a temporary folder and served like the site
 * (scripts/bench/lighthouse-bench.ts, scripts/bench/hydrate-bench.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gatsbyBuild, siteRoot } from "../lib/site-copy";

/** The routes both benches measure: the home page, each kind of page, and the two forms. */
export const BENCH_ROUTES = [
  "/",
  "/services",
  "/services/radon",
  "/services/water-quality/basic-potability",
  "/blog",
  "/blog/maryland-mold-law",
  "/schedule",
  "/contact",
  "/faq",
];

/** The site's own versions of Gatsby and React: the floor uses the same packages (node_modules is shared). */
function siteDependencies(): Record<string, string> {
  const { dependencies } = JSON.parse(readFileSync(path.join(siteRoot, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  return { gatsby: dependencies.gatsby!, react: dependencies.react!, "react-dom": dependencies["react-dom"]! };
}

/** A Gatsby site with one page holding one heading, the same head basics as the site, nothing else. */
const FLOOR_FILES: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "gatsby-floor",
    private: true,
    version: "1.0.0",
    dependencies: siteDependencies(),
  }),
  "gatsby-config.js": 'module.exports = { trailingSlash: "never" };\n',
  "gatsby-ssr.js": 'exports.onRenderBody = ({ setHtmlAttributes }) => setHtmlAttributes({ lang: "en-US" });\n',
  "src/pages/index.js": [
    'import * as React from "react";',
    "export default function Index() {",
    "  return <main><h1>A bare Gatsby page</h1></main>;",
    "}",
    "export function Head() {",
    '  return (<><title>A bare Gatsby page</title><meta name="description" content="One heading, the floor of the bench." /></>);',
    "}",
    "",
  ].join("\n"),
  // gatsby serve answers unknown paths (the browser's /favicon.ico) with the 404 page, which must exist.
  "src/pages/404.js":
    'import * as React from "react";\nexport default function NotFound() {\n  return <h1>Not found</h1>;\n}\n',
};

/**
 * Builds the floor in a temporary folder, with the headers of the built site at `headersOf` (its
 * public/_headers) but for its Content-Security-Policy; `remove` deletes the folder.
 */
export async function buildFloor(headersOf = siteRoot): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "gatsby-floor-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  for (const [file, content] of Object.entries(FLOOR_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  await symlink(path.join(siteRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const { code, output } = await gatsbyBuild(dir);
  if (code !== 0) {
    await remove();
    throw new Error(`The bare Gatsby page did not build:\n${output.slice(-3000)}`);
  }
  // The site's deployed headers without its Content-Security-Policy, whose script hashes are the
  // site's own: the floor gets the same caching and security headers, and runs its own scripts.
  const headers = path.join(headersOf, "public", "_headers");
  if (existsSync(headers)) {
    const withoutCsp = readFileSync(headers, "utf8")
      .split("\n")
      .filter((line) => !/^\s+content-security-policy:/i.test(line));
    writeFileSync(path.join(dir, "public", "_headers"), withoutCsp.join("\n"));
  }
  return { dir, remove };
}

/** The built sites a bench measures: this project, or (for an A/B) only the `--site label=folder` copies. */
export function builtSites(entries: readonly string[] | undefined): Array<{ label: string; root: string }> {
  const sites = entries?.length
    ? entries.map((entry) => {
        const [label, root] = entry.split("=");
        if (!label || !root) throw new Error(`--site wants label=folder, got ${entry}`);
        return { label, root: path.resolve(root) };
      })
    : [{ label: "", root: siteRoot }];
  for (const { root } of sites) {
    if (!existsSync(path.join(root, "public", "index.html")))
      throw new Error(`No build in ${path.join(root, "public")}: run \`npm run build\` first.`);
  }
  return sites;
}
