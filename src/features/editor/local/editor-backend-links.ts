/**
 * The disk half of the editor backend's check. decap-server follows symbolic links, so a name
 * inside content/ could still lead to gatsby-node.ts or .git: a path passes only if no part of
 * it below the repository is a link, and a listed folder only if nothing inside it is one.
 */
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * The first part of a relative name ("content/blog/a/index.mdx") that is a symbolic link, or
 * undefined. Parts that do not exist yet pass: decap-server creates them as folders and files.
 */
export async function linkOnTheWay(root: string, name: string): Promise<string | undefined> {
  let current = root;
  for (const segment of name.split("/")) {
    current = path.join(current, segment);
    const stats = await lstat(current).catch(() => undefined);
    if (!stats) return undefined;
    if (stats.isSymbolicLink()) return path.relative(root, current);
  }
  return undefined;
}

/** The first symbolic link inside a folder, at any depth, or undefined. */
export async function linkInside(root: string, folder: string): Promise<string | undefined> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const name = `${folder}/${entry.name}`;
    if (entry.isSymbolicLink()) return name;
    const found = entry.isDirectory() ? await linkInside(root, name) : undefined;
    if (found) return found;
  }
  return undefined;
}
