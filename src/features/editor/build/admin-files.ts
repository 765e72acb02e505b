/**
 * Writes the content editor into static/admin (copied to public/admin): Decap's prebuilt bundle, the YAML
 * library's browser build, the start-up module with kept-yaml.js and previews.js, the configuration made from
 * the content schemas, and the GitHub sign-in window's script (sign-in.js). None of it is part of any visitor
 * page: plain static files loaded only by /admin/index.html and that window.
 */
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readSiteContent } from "../../../build-time/content-files";
import {
  editorConfig,
  FRONT_MATTER_FORMAT,
  LIST_FIELD,
  YAML_FORMAT,
  type EditorOptions,
} from "../shared/editor-config";
import { editorPageStart } from "../shared/editor-page-start";

export function adminIndexHtml(siteName: string): string {
  return `${editorPageStart(`Content editor | ${siteName}`)}
    <script src="/admin/config.js"></script>
    <script src="/admin/decap-cms.js"></script>
    <script type="module" src="/admin/init.js"></script>
  </head>
  <body></body>
</html>
`;
}

/** Decap's own files: the main bundle, the chunks it loads on demand, its WebAssembly and licences. */
function isEditorFile(name: string): boolean {
  return /^(\d+\.)?decap-cms\.js$|^decap-cms\.js\.LICENSE\.txt$|\.wasm$/.test(name);
}

export function writeAdminFiles(
  outDir: string,
  { siteRoot, siteName, ...options }: EditorOptions & { siteRoot: string; siteName: string },
): void {
  const require = createRequire(path.join(siteRoot, "package.json"));
  const decapDist = path.dirname(require.resolve("decap-cms/dist/decap-cms.js"));
  const yamlDist = path.join(path.dirname(require.resolve("yaml/package.json")), "browser", "dist");

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(decapDist).filter(isEditorFile)) {
    copyFileSync(path.join(decapDist, name), path.join(outDir, name));
  }
  cpSync(yamlDist, path.join(outDir, "yaml"), { recursive: true, filter: (file) => !file.endsWith(".map") });
  // The page's own modules, named .js: every server sends that as JavaScript, which a module needs.
  // Named from the site's root, not this file: Gatsby runs gatsby-node from a compiled copy elsewhere.
  const adminSources = path.join(siteRoot, "src", "features", "editor", "admin");
  copyFileSync(path.join(adminSources, "admin-init.mjs"), path.join(outDir, "init.js"));
  copyFileSync(path.join(adminSources, "kept-yaml.mjs"), path.join(outDir, "kept-yaml.js"));
  copyFileSync(path.join(adminSources, "previews.mjs"), path.join(outDir, "previews.js"));
  copyFileSync(path.join(adminSources, "sign-in.js"), path.join(outDir, "sign-in.js"));
  writeEditorSettings(outDir, { config: editorConfig(options) });
  writeFileSync(path.join(outDir, "index.html"), adminIndexHtml(siteName));
}

interface EditorSettings {
  config: ReturnType<typeof editorConfig>;
  /** The built site's whole style sheet, which the preview pane applies (known once the site is built). */
  previewStyle?: string;
}

/** The settings the editor's page starts with (window.SITE_EDITOR, read by admin-init.mjs), in config.js. */
export function writeEditorSettings(outDir: string, { config, previewStyle }: EditorSettings): void {
  const settings = {
    config,
    yamlFormat: YAML_FORMAT,
    frontMatterFormat: FRONT_MATTER_FORMAT,
    listField: LIST_FIELD,
    ...(previewStyle ? { previewStyle } : {}),
  };
  writeFileSync(
    path.join(outDir, "config.js"),
    `// Made from src/lib/content/content-schema.ts at build time (src/features/editor/shared/editor-config.ts).\n` +
      `window.CMS_MANUAL_INIT = true;\nwindow.SITE_EDITOR = ${JSON.stringify(settings, null, 2)};\n`,
  );
}

/** The editor as the site ships it: into static/admin. */
export function writeSiteEditor(siteRoot: string, contentRoot: string): void {
  const { name } = readSiteContent(contentRoot);
  writeAdminFiles(path.join(siteRoot, "static", "admin"), { siteRoot, siteName: name });
}

/**
 * Once the site is built, its editor's preview pane is told the site's style sheet (named by its
 * content's hash, so unknown before the build): a post in the preview looks as it will on the site.
 */
export function writeBuiltEditorSettings(publicDir: string, siteSheet: string): void {
  writeEditorSettings(path.join(publicDir, "admin"), { config: editorConfig(), previewStyle: siteSheet });
}
