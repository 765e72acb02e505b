/**
 * The content editor's backend on a writer's machine (`npm run cms`, `npm start`) and in the tests:
 * decap-server over a folder, on a socket in a private temporary folder that only the guard
 * knows, and the guard (editor-backend-guard.ts) on loopback where the editor sends its requests.
 * `lazy` starts decap-server at the first request the guard passes on (npm start).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_PATH, startGuard } from "./editor-backend-guard";
import { siteEditorScope, type EditorScope } from "./editor-backend-scope";

/** The port of the editor's backend (decap-server's guard) for `npm run cms` and `npm start`; DECAP_SERVER_PORT changes it. */
export const decapServerPort = () => Number(process.env.DECAP_SERVER_PORT ?? 8081);

export interface EditorBackendOptions {
  /** The folder decap-server edits: the repository. */
  repoDir: string;
  /** The guard's loopback port; 0 for a free one. */
  port: number;
  /** The editor's origin(s), the only pages that may call the backend. */
  allowedOrigins: readonly string[];
  /** What the editor may touch; by default what this site's editor configuration names. */
  scope?: EditorScope;
  /** decap-server's log on this terminal ("inherit") or nowhere. */
  output?: "inherit" | "ignore";
  /** Starts decap-server at the editor's first request rather than now (`npm start`: its 80 MB only once someone edits). */
  lazy?: boolean;
}

export interface EditorBackend {
  /** The guard's address, http://127.0.0.1:<port>/api/v1 (localhost:<port> reaches it too). */
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** Settles with decap-server's exit code when it stops, by stop() or on its own (null: stopped before it started). */
  stopped: Promise<number | null>;
}

/** A socket name nobody else can open: a Unix socket in a folder only this user may enter, or a pipe. */
async function privateSocket(): Promise<{ socket: string; remove: () => Promise<void> }> {
  if (process.platform === "win32")
    return { socket: `\\\\.\\pipe\\decap-server-${randomUUID()}`, remove: async () => {} };
  // mkdtemp makes the folder with mode 0700.
  const dir = await mkdtemp(path.join(tmpdir(), "editor-backend-"));
  return { socket: path.join(dir, "decap-server.sock"), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** decap-server in a process of its own, listening on `socket`. */
async function startDecapServer(repoDir: string, socket: string, output: "inherit" | "ignore") {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_REPO_DIRECTORY: repoDir, DECAP_SERVER_SOCKET: socket };
  // decap-server's CORS answers follow ORIGIN when it is set; the guard has already checked the origin.
  delete env.ORIGIN;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "decap-server-process.ts")], {
    cwd: repoDir,
    env,
    stdio: ["ignore", output, "inherit", "ipc"],
  });
  const stopped = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
  const listening = new Promise<void>((resolve) =>
    child.once("message", (message) => message === "listening" && resolve()),
  );
  const started = await Promise.race([listening.then(() => true), stopped.then(() => false)]);
  if (!started) throw new Error(`decap-server stopped with code ${child.exitCode} before it listened`);
  return {
    stopped,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await stopped;
    },
  };
}

export async function startEditorBackend({
  repoDir,
  port,
  allowedOrigins,
  scope = siteEditorScope(),
  output = "ignore",
  lazy = false,
}: EditorBackendOptions): Promise<EditorBackend> {
  const { socket, remove } = await privateSocket();
  let settle!: (code: number | null) => void;
  const stopped = new Promise<number | null>((resolve) => (settle = resolve));
  let decapServer: ReturnType<typeof startDecapServer> | null = null;
  /** decap-server's socket, once it listens: started on the first call (a failed start is tried again by the next). */
  const upstream = async () => {
    decapServer ??= startDecapServer(repoDir, socket, output).then(
      (started) => {
        void started.stopped.then(settle);
        return started;
      },
      (error: unknown) => {
        decapServer = null;
        throw error;
      },
    );
    await decapServer;
    return socket;
  };
  const stopDecapServer = async () => {
    const started = await decapServer?.catch(() => null);
    await started?.stop();
    settle(null);
    await remove();
  };
  if (!lazy)
    await upstream().catch(async (error: unknown) => {
      await remove();
      throw error;
    });
  const guard = await startGuard({ port, allowedOrigins, repoDir, scope, upstream }).catch(async (error: unknown) => {
    await stopDecapServer();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${guard.port}${API_PATH}`,
    port: guard.port,
    stopped,
    stop: async () => {
      await guard.close();
      await stopDecapServer();
    },
  };
}
