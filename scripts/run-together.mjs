/**
 * Runs npm scripts side by side and prints each one's output whole as it ends, so the log reads
 * as if they had run one after another; exits with the first failure's code. `npm test` runs the
 * checks that need no build (lint, unit tests) beside the build, which leaves a core idle much of
 * the time. Each says how long it took, so the log shows where a run's time goes. Plain Node, no dependency: it starts before anything else is known to work.
 */
import { spawn } from "node:child_process";
import { Buffer } from "node:buffer";
import process from "node:process";

const names = process.argv.slice(2);
const codes = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn("npm", ["run", name], { env: process.env });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code, signal) => {
          process.stdout.write(Buffer.concat(output));
          const result = code ?? 1;
          const took = `${Math.round((Date.now() - started) / 1000)} s`;
          process.stdout.write(
            `\n[${name}] ${result === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${took}\n\n`,
          );
          resolve(result);
        });
      }),
  ),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
