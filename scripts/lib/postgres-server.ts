/**
 * A real PostgreSQL server for the tests and the store benchmark: Debian's `postgresql`, started
 * in a temporary folder on a free loopback port and removed when stopped. `initdb` refuses to
 * run as root, so as root it runs as the package's `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./net";

export interface PostgresServer {
  url: string;
  stop: () => Promise<void>;
}

/** The folder of Debian's PostgreSQL programs (the newest installed), or null when none is. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, "bin") : null;
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Who PostgreSQL's programs run as: the package's `postgres` user when this is root, else this user. */
function runAs(): { uid?: number; gid?: number } {
  if (!asRoot) return {};
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql (.ci/run does).");
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-"));
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const user = runAs();
  const init = spawnSync(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], {
    encoding: "utf8",
    cwd: dir,
    ...user,
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  // A test server: durability is the tests' own concern, not the disk's.
  const settings = ["listen_addresses=127.0.0.1", "fsync=off", "max_connections=200"];
  const args = ["-D", data, "-p", String(port), "-k", dir, ...settings.flatMap((setting) => ["-c", setting])];
  const child: ChildProcess = spawn(path.join(bin, "postgres"), args, {
    stdio: ["ignore", "ignore", "pipe"],
    cwd: dir,
    ...user,
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      if (!log.includes("ready to accept connections")) return;
      child.stderr?.off("data", ready);
      resolve();
    };
    child.stderr?.on("data", ready);
    child.once("exit", (code) => reject(new Error(`postgres exited (${code}): ${log}`)));
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        // Fast shutdown: open connections are closed, nothing is waited for.
        child.kill("SIGINT");
      }),
  };
}
