/**
 * Bundles the site's functions as Netlify's build does, in a process of its own (Netlify's packages are ES
 * modules the tests' module system does not load): netlify.toml read by @netlify/config, bundles made by
 * @netlify/zip-it-and-ship-it with Netlify's options, each unzipped into its own folder under `work`, printed as
 * JSON:
 *   node bundle.mjs <site folder> <work folder> [context]
 */
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "@netlify/config";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import extract from "extract-zip";

const [siteRoot, work, context = "production"] = process.argv.slice(2);
const { config } = await resolveConfig({ cwd: siteRoot, repositoryRoot: siteRoot, context, offline: true });
const internal = path.join(siteRoot, ".netlify", "functions-internal");
// netlify.toml's [functions] sections, in the names Netlify's build hands the bundler.
const functionsConfig = Object.fromEntries(
  Object.entries(config.functions).map(([pattern, each]) => [
    pattern,
    {
      externalNodeModules: each.external_node_modules,
      includedFiles: each.included_files,
      includedFilesBasePath: siteRoot,
      ignoredNodeModules: each.ignored_node_modules,
      nodeBundler: each.node_bundler === "esbuild" ? "esbuild_zisi" : each.node_bundler,
      nodeVersion: String(config.build.environment?.NODE_VERSION ?? "22"),
      schedule: each.schedule,
    },
  ]),
);
const dist = path.join(work, "zips");
const results = await zipFunctions(
  [internal, config.functionsDirectory ?? path.join(siteRoot, "netlify/functions")],
  dist,
  {
    basePath: siteRoot,
    repositoryRoot: siteRoot,
    config: functionsConfig,
    configFileDirectories: [internal],
    internalSrcFolder: internal,
    manifest: path.join(dist, "manifest.json"),
  },
);

const countFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1),
    0,
  );
const bundles = [];
for (const result of results) {
  const dir = path.join(work, "task", result.name);
  mkdirSync(dir, { recursive: true });
  await extract(result.path, { dir });
  bundles.push({
    name: result.name,
    dir,
    entry: path.join(dir, result.entryFilename),
    schedule: result.schedule,
    size: result.size ?? 0,
    files: countFiles(dir),
  });
}
process.stdout.write(JSON.stringify(bundles));
