/**
 * The content editor (/admin) must cost visitors nothing: no visitor page may load a file
 * from /admin/, and none of the site's own JavaScript (every chunk Gatsby built, first view or
 * loaded later) may hold the editor's code. Checked on the build by
 * `npm run test:weight`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** What the check needs of a route's weight (scripts/lib/page-weight.ts measures it): the files its page loads. */
export interface RouteFiles {
  route: string;
  assets: ReadonlyArray<{ name: string }>;
}

/** Text that only the editor's files hold: Decap's own name for itself and its core. */
const EDITOR_MARKERS = ["decap-cms-core", "DecapCms", "CMS_MANUAL_INIT"];

const isEditorFile = (name: string) => name.startsWith("/admin/");

export function editorCodeProblems(publicDir: string, weights: readonly RouteFiles[]): string[] {
  const problems = weights.flatMap((weight) =>
    weight.assets
      .filter((asset) => isEditorFile(asset.name))
      .map((asset) => `${weight.route}: loads ${asset.name}, a file of the content editor`),
  );
  // The site's scripts are the .js files at the top of public/; the editor's live in public/admin/.
  for (const file of readdirSync(publicDir).filter((name) => name.endsWith(".js"))) {
    const text = readFileSync(path.join(publicDir, file), "utf8");
    const marker = EDITOR_MARKERS.find((candidate) => text.includes(candidate));
    if (marker) problems.push(`/${file} holds the content editor's code ("${marker}")`);
  }
  return problems;
}
