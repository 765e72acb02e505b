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
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
const gatsby = path.join(root, "node_modules", "gatsby", "cli.js");
for (const command of ["clean", "build"]) {
  const { status } = spawnSync(process.execPath, [gatsby, command], { cwd: root, env, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
writeStamp(root, stamp);
