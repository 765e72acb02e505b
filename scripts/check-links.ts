/**
 * Link check over the built site in public/: every internal link, image, script and file
 * resolves, every tel: and mailto: is well formed, and no link leads to a page the
 * specification does not have (see scripts/lib/link-check.ts). Exits with 1 on any problem.
 *
 *   tsx scripts/check-links.ts [--public public]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { checkLinks, formatProblems } from "./lib/link-check";

async function main() {
  const { values } = parseArgs({ options: { public: { type: "string", default: "public" } } });
  const { specRoutes } = await import("./lib/routes");
  const result = checkLinks(
    path.resolve(values.public!),
    specRoutes.map((route) => route.path),
  );
  if (result.problems.length) {
    console.error(
      `Link check: ${result.problems.length} problems in ${result.pages} pages:\n${formatProblems(result.problems)}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`Link check: ${result.references} links, images and scripts in ${result.pages} pages, all resolve.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
