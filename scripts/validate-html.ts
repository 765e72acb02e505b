/**
 * `npm run validate:html [-- --public public]`: the W3C Nu HTML checker (scripts/lib/nu-checker.ts) on every
 * built page and the not-found page; exits with 1 on any error. The checker needs Java, which npm cannot
 * install: without it `npm test` goes on saying the HTML was NOT checked, except under CI (`CI` set), where a
 * missing Java fails.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { builtPages, notFoundFiles } from "../src/build-time/built-pages";
import { JAVA_NEEDED, javaCommand, javaVersion, nuErrors, UNKNOWN_CSS } from "./lib/nu-checker";

function main() {
  const { values } = parseArgs({ options: { public: { type: "string", default: "public" } } });
  const publicDir = path.resolve(values.public!);
  const java = javaCommand();
  const version = javaVersion(java);
  if (version === null || version < JAVA_NEEDED) {
    console.error(
      `validate:html needs Java ${JAVA_NEEDED} or later to run the W3C Nu checker, and ` +
        `${version === null ? `found none (${java})` : `found Java ${version}`}: the HTML was NOT checked. On Debian: ` +
        "sudo apt-get install default-jre-headless; or set JAVA_HOME to a Java 17 or later.",
    );
    if (process.env.CI) process.exitCode = 1;
    return;
  }
  const files = [...builtPages(publicDir).map((page) => page.file), ...notFoundFiles(publicDir)];
  if (!files.length) throw new Error(`No pages in ${publicDir}: run npm run build first.`);
  const { errors, setAside } = nuErrors(files, java);
  const aside = `${setAside} messages about CSS the checker does not know set aside (${UNKNOWN_CSS.length} kinds)`;
  if (errors.length) {
    const lines = errors.map((error) => {
      const file = error.url ? path.relative(publicDir, fileURLToPath(error.url)) : "?";
      return `  ${file}:${error.lastLine ?? "?"}: ${error.message}${error.extract ? `\n      ${error.extract.trim()}` : ""}`;
    });
    console.error(`Nu HTML checker: ${errors.length} errors in ${files.length} pages; ${aside}.\n${lines.join("\n")}`);
    process.exitCode = 1;
    return;
  }
  console.log(`Nu HTML checker: ${files.length} pages, no errors; ${aside}.`);
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
