/**
 * The built site under the production server (src/serve/serve.ts) on loopback, which runs the
 * Gatsby Functions exactly as `npm start` does, with the environment a test chooses (database
 * folder, SMTP, limits).
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { newServerDataDir } from "./embedded-database";
import { freePort } from "../../src/serve/net";
import { readStored, type StoredRecord } from "./stored-requests";
import { siteRoot } from "../../scripts/lib/site-copy";

export { freePort };

export interface FunctionServer {
  url: string;
  port: number;
  /** The server's DATA_DIR: its embedded database and link secret. */
  dataDir: string;
  stop: () => Promise<void>;
  /** The stored requests of one kind, oldest first, through the running server. */
  readOutbox: (kind: string) => Promise<StoredRecord[]>;
  logs: () => string;
  /** The server's process id (its functions run in a child of it). */
  pid: number;
}

/** `dataDir` reuses a folder, as a server restarted on the same machine does. */
export async function startFunctionServer(
  env: Record<string, string> = {},
  reuseDataDir?: string,
): Promise<FunctionServer> {
  const dataDir = reuseDataDir ?? (await newServerDataDir());
  let output = "";
  // Port 0: the server takes a free port as it listens and prints it. A port chosen here first
  // could be taken, by the other test worker's connections, before the server listened on it.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(siteRoot, "src", "serve", "serve.ts"), "--port", "0", "--host", "127.0.0.1"],
    {
      cwd: siteRoot,
      env: { ...process.env, NO_COLOR: "1", DATA_DIR: dataDir, ...env },
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const listening = () => {
      const address = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!address) return;
      child.stdout?.off("data", listening);
      child.off("exit", exited);
      clearTimeout(timer);
      resolve(Number(address[1]));
    };
    const exited = (code: number | null) =>
      reject(new Error(`The server exited with code ${code} before it listened:\n${output}`));
    // A server that does not come up in time is stopped, not left running after the test gives up.
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`The server did not listen within 60 s:\n${output}`));
    }, 60_000);
    child.stdout?.on("data", listening);
    child.once("exit", exited);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    logs: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
    readOutbox: (kind) => readStored(kind, { ...process.env, DATA_DIR: dataDir, ...env }),
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.0/8 all reaches this machine), so
 * a test can act as many different visitors.
 */
export function send(
  url: string,
  options: { method?: string; body?: string; contentType?: string; from?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "POST",
        localAddress: options.from,
        headers: {
          ...(options.contentType ? { "content-type": options.contentType } : {}),
          ...(options.body !== undefined ? { "content-length": Buffer.byteLength(options.body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export const postJson = (url: string, payload: unknown, from?: string, headers?: Record<string, string>) =>
  send(url, { body: JSON.stringify(payload), contentType: "application/json", from, headers });
