import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const siteRoot = path.resolve(__dirname, "..", "..");

const SITE_FILES = [
  // Tailwind finds the classes to generate by scanning the project minus what git ignores: without
  // .gitignore a copy's build scans public/, .cache/ and the editor's bundle as well (a warm rebuild
  // of the site took 61 s instead of 8 s for its CSS and JavaScript, and the CSS can pick up stray names).
  ".gitignore",
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  "postcss.config.js",
  "src",
  "content",
];

/** A throwaway copy of the site (sharing node_modules) whose content a test may break. */
export async function copySite(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-copy-"));
  for (const file of SITE_FILES) {
    await cp(path.join(siteRoot, file), path.join(dir, file), {
      recursive: true,
      filter: (source) => !source.endsWith("gatsby-types.d.ts"),
    });
  }
  await symlink(path.join(siteRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Runs `gatsby build` in a folder and returns its exit code and everything it printed;
 * `onStart` receives the build's process, for a caller that measures it; `env` adds to the
 * build's environment.
 */
export function gatsbyBuild(
  dir: string,
  onStart?: (child: ChildProcess) => void,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(siteRoot, "node_modules", "gatsby", "cli.js"), "build"], {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NODE_ENV: "production", CI: "1", NO_COLOR: "1", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    onStart?.(child);
    child.on("close", (code) => resolve({ code, output }));
  });
}
