/**
 * `npm run bench:start-memory`: what `npm start` holds, as a new user sees it: the resident memory
 * of every process it starts (npm, the server, the functions' process and what they start), a
 * minute after it serves on a new database, then a minute after a visitor's first requests (the
 * pages, a month's open times, a booking, a message, the kept e-mail). Linux only (/proc). Run it
 * after a build, which `npm start` then serves as it is; it stops npm start as Ctrl+C does.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import "../../src/serve/webpack-imports";
import { freePort } from "../../src/serve/net";
import { postJson, send } from "../../tests/support/function-server";
import { openStartsOf } from "../../tests/support/start-dispenser";
import { bookingRequest, contactMessage, SHORT_JOB } from "../../tests/support/sample-requests";

const REST_MS = 60_000;
const root = path.resolve(__dirname, "..", "..");

interface Resident {
  pid: number;
  mib: number;
  command: string;
}

/** A process and its descendants, each with its resident memory in MiB. */
function residents(pid: number): Resident[] {
  try {
    const mib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return [{ pid, mib, command }, ...children.flatMap((child) => residents(Number(child)))];
  } catch {
    return [];
  }
}

/** Which of npm start's processes a command line is, in words. */
const roleOf = (command: string) =>
  command.startsWith("npm")
    ? "npm"
    : command.startsWith("sh -c")
      ? "npm's shell"
      : command.includes("functions-worker")
        ? "the functions and the embedded database"
        : command.includes("decap-server")
          ? "decap-server (the editor's backend)"
          : command.includes("esbuild")
            ? "esbuild (tsx's compiler)"
            : command.includes("scripts/start.ts")
              ? "the server: pages, proxy, the editor's guard"
              : command.slice(0, 60);

function report(label: string, pid: number): number {
  const all = residents(pid);
  const total = all.reduce((sum, each) => sum + each.mib, 0);
  console.log(`\n${label}: ${total.toFixed(0)} MiB over ${all.length} processes`);
  for (const each of all) console.log(`  ${each.mib.toFixed(0).padStart(5)} MiB  ${roleOf(each.command)}`);
  return total;
}

/** A new user's first requests: pages, a month's times, a booking, a message, the kept e-mail. */
async function firstVisits(url: string): Promise<void> {
  for (const page of ["/", "/schedule", "/contact", "/services/radon", "/privacy", "/desk", "/_mail"]) {
    await send(`${url}${page}`, { method: "GET" });
  }
  const [start] = await openStartsOf(url, SHORT_JOB);
  const booked = await postJson(`${url}/api/schedule`, bookingRequest(start!, SHORT_JOB), undefined, {
    "Idempotency-Key": randomUUID(),
  });
  const sent = await postJson(`${url}/api/contact`, contactMessage(), undefined, { "Idempotency-Key": randomUUID() });
  if (booked.status !== 201 || sent.status !== 201) throw new Error(`booking ${booked.status}, message ${sent.status}`);
  await send(`${url}/_mail`, { method: "GET" });
  await send(`${url}/api/desk/session`, { method: "GET" });
}

async function main() {
  const data = mkdtempSync(path.join(tmpdir(), "start-memory-"));
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env: { ...process.env, DATA_DIR: data, PORT: String(port), DECAP_SERVER_PORT: String(await freePort()) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    npm.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("running at")) resolve();
    });
    npm.once("exit", (code) => reject(new Error(`npm start ended (${code}) before it served:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    report("At rest, a minute after it serves, new database", npm.pid!);
    await firstVisits(url);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    report("At rest, a minute after a visitor's first requests", npm.pid!);
  } finally {
    process.kill(-npm.pid!, "SIGINT");
    await new Promise((resolve) => npm.once("exit", resolve));
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
