/**
 * Whether public/ is the build of the files as they are now: a SHA-256 over the path and content of every file
 * git would commit that can change the build, the Node version and the environment the build reads. Content,
 * not times, so an unchanged rewrite does not count and a one-byte change does. Worked out before the build,
 * written into .cache/ (which `gatsby clean` empties with public/) only when the build succeeds.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What cannot change the built site: tests, docs, reports and the tools that check them. */
const NOT_INPUTS = [
  /^tests\//,
  /^docs\//,
  /^reports\//,
  /^jest\//,
  /^\.ci\//,
  /\.test\.tsx?$/,
  /\.md$/,
  /^(playwright\.config\.ts|jest\.config\.js|eslint\.config\.mjs|\.prettierrc\.json|\.prettierignore)$/,
];

/** The environment the build reads (gatsby-config.ts, gatsby-node.ts, src/build-time/). */
const readsEnv = (name: string) => ["SITE_URL", "CONTENT_DIR", "NODE_ENV"].includes(name) || name.startsWith("GATSBY_");

export const stampFile = (root: string) => path.join(root, ".cache", "build-inputs.sha256");

/** The stamp of the files as they are now, or null where git cannot list them (not a clone). */
export function inputStamp(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  let listed: string;
  try {
    listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\n`);
  for (const name of Object.keys(env).filter(readsEnv).sort()) hash.update(`env ${name}=${env[name]}\n`);
  const files = listed
    .split("\0")
    .filter((file) => file && !NOT_INPUTS.some((pattern) => pattern.test(file)))
    .sort();
  for (const file of files) {
    const full = path.join(root, file);
    // A file deleted but not yet staged is listed and absent: its absence is the change.
    hash.update(`file ${file}\n`);
    hash.update(existsSync(full) ? readFileSync(full) : "(deleted)");
  }
  return hash.digest("hex");
}

/** Whether public/ was built from exactly these inputs. */
export function buildIsCurrent(root: string, stamp: string | null): boolean {
  if (!stamp || !existsSync(path.join(root, "public", "index.html")) || !existsSync(stampFile(root))) return false;
  return readFileSync(stampFile(root), "utf8").trim() === stamp;
}

export function writeStamp(root: string, stamp: string | null): void {
  if (stamp) writeFileSync(stampFile(root), `${stamp}\n`);
}
