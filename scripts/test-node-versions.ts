/**
 * `npm run test:node-versions` (after a build; `npm test` runs it): the Netlify bundle tests under each Node
 * line in `engines`, this machine's Node for its line and the registry's newest of every other, as Netlify runs
 * functions on the build's Node. The functions are bundled once for every line, and the lines run side by side,
 * each with its own PostgreSQL and mail server. `npm test` leaves these tests out of its integration step.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleFunctions } from "../tests/support/netlify-functions";
import { supportedLines } from "./lib/node-versions";

const root = path.resolve(__dirname, "..");
const TESTS = [
  "gatsby/netlify-adapter.test.ts",
  "tests/integration/netlify-bundles.test.ts",
  "tests/integration/netlify-bundles-settings.test.ts",
];

/** Runs a command; its exit code and its output, stdout and stderr together in order. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString("utf8") }));
  });
}

/** The binary of the newest Node of `line`, from the registry's `node` package. */
async function nodeOf(line: number): Promise<string> {
  const args = ["exec", "--yes", `--package=node@${line}`, "--", "node", "-p", "process.execPath"];
  const { code, output } = await run("npm", args, process.env);
  const binary = output.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !path.isAbsolute(binary))
    throw new Error(`No Node ${line} from npm's \`node\` package:\n${output}`);
  return binary;
}

async function main(): Promise<number> {
  const engines = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } })
    .engines.node;
  const own = Number(process.versions.node.split(".")[0]);
  const lines = supportedLines(engines);
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  // Fetched while the functions are bundled; the machine's own line is this Node.
  const binaries = Promise.all(lines.map((line) => (line === own ? Promise.resolve(process.execPath) : nodeOf(line))));
  binaries.catch(() => {});
  const bundles = bundleFunctions();
  const work = path.dirname(path.dirname(bundles[0]!.runtime));
  try {
    const listed = path.join(work, "bundles.json");
    writeFileSync(listed, JSON.stringify(bundles));
    const nodes = await binaries;
    console.log(`Bundled ${bundles.length} functions for Node ${lines.join(", ")}: ${seconds()}`);
    const jest = path.join(root, "node_modules", "jest", "bin", "jest.js");
    const results = await Promise.all(
      nodes.map(async (node) => {
        const env = {
          ...process.env,
          PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`,
          NODE_OPTIONS: "--experimental-vm-modules",
          NETLIFY_BUNDLES: listed,
        };
        const version = (await run(node, ["--version"], env)).output.trim();
        const args = [jest, "--selectProjects", "unit", "integration", "--runTestsByPath", ...TESTS];
        const { code, output } = await run(node, args, env);
        // Whole, as each ends, so the two read one after the other.
        process.stdout.write(
          `\n[Node ${version}]\n${output}\n[Node ${version}] ${code === 0 ? "passed" : `failed (exit ${code})`}: ${seconds()}\n`,
        );
        return code;
      }),
    );
    return results.find((code) => code !== 0) ?? 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
