/**
 * `npm start`: builds the site unless public/ is already the build of the files as they are
 * (scripts/lib/build-stamp.ts), then serves it with its functions (scripts/serve.ts). Arguments
 * go to the server: `npm start -- --port 9000`. `npm run build` always builds from clean.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsCurrent, inputStamp } from "./lib/build-stamp";

const root = path.resolve(__dirname, "..");
const run = (args: string[]) => spawnSync("npm", args, { cwd: root, stdio: "inherit" }).status ?? 1;

if (buildIsCurrent(root, inputStamp(root))) {
  console.log("public/ is the build of the files as they are now: serving it (`npm run build` rebuilds from clean).");
} else {
  const status = run(["run", "build"]);
  if (status !== 0) process.exit(status);
}
process.exit(run(["run", "serve", "--", ...process.argv.slice(2)]));
