/**
 * `npm run build`: a clean production build (gatsby clean, then gatsby build), stamped with the
 * inputs it was built from (scripts/lib/build-stamp.ts) so `npm start` can tell it is current.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { inputStamp, writeStamp } from "./lib/build-stamp";

const root = path.resolve(__dirname, "..");
// Worked out first: a file changed while the build runs makes the next start build again.
const stamp = inputStamp(root);
// On Node 22 and later Node warns when a module loads its deprecated `punycode`, and Gatsby's HTML
// step does: the page renderer holds node-fetch 2, which Gatsby provides as `fetch` while rendering
// pages. Gatsby's console prints the warning as ` ERROR  UNKNOWN`, though nothing failed: that one
// warning (DEP0040) is turned off for the build (docs/architecture.md).
const nodeOptions = [process.env.NODE_OPTIONS, "--disable-warning=DEP0040"].filter(Boolean).join(" ");
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NODE_OPTIONS: nodeOptions };
const gatsby = path.join(root, "node_modules", "gatsby", "cli.js");
for (const command of ["clean", "build"]) {
  const { status } = spawnSync(process.execPath, [gatsby, command], { cwd: root, env, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
writeStamp(root, stamp);
