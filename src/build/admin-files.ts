/**
 * Writes the content editor into a folder (static/admin, which Gatsby copies to public/admin):
 * Decap's prebuilt bundle from npm, the YAML library's browser build, the start-up module, the
 * configuration made from the content schemas, and the script of the GitHub sign-in window
 * (sign-in.js, loaded by the page of /api/editor/callback). Nothing here is part of any visitor
 * page: the files are plain static files, loaded only by /admin/index.html and that window.
 */
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readSiteContent } from "./content-files";
import { editorConfig, LIST_FIELD, YAML_FORMAT, type EditorOptions } from "../lib/cms/editor-config";
import { editorPageStart } from "../lib/cms/editor-page-start";

/** The port of the editor's backend (decap-server's guard) for `npm run cms` and `npm start`; DECAP_SERVER_PORT changes it. */
export const decapServerPort = () => Number(process.env.DECAP_SERVER_PORT ?? 8081);

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
  copyFileSync(path.join(siteRoot, "src", "cms", "admin-init.mjs"), path.join(outDir, "init.js"));
  copyFileSync(path.join(siteRoot, "src", "cms", "sign-in.js"), path.join(outDir, "sign-in.js"));
  const settings = { config: editorConfig(options), yamlFormat: YAML_FORMAT, listField: LIST_FIELD };
  writeFileSync(
    path.join(outDir, "config.js"),
    `// Made from src/lib/content-schema.ts at build time (src/lib/cms/editor-config.ts).\n` +
      `window.CMS_MANUAL_INIT = true;\nwindow.SITE_EDITOR = ${JSON.stringify(settings, null, 2)};\n`,
  );
  writeFileSync(path.join(outDir, "index.html"), adminIndexHtml(siteName));
}

/** The editor as the site ships it: into static/admin. */
export function writeSiteEditor(siteRoot: string, contentRoot: string): void {
  const { name } = readSiteContent(contentRoot);
  writeAdminFiles(path.join(siteRoot, "static", "admin"), { siteRoot, siteName: name });
}
