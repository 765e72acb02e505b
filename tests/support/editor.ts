/**
 * The content editor on loopback, as a writer runs it with `npm run cms`: the /admin files
 * made for a folder, served with the editor's own headers, and decap-server (Decap's local
 * backend) reading and writing that folder's content/.
 */
import { spawn } from "node:child_process";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import { freePort } from "../../scripts/lib/net";
import { editorHeaders, securityHeaders } from "../../src/lib/http-headers";
import { writeAdminFiles } from "../../src/build/admin-files";
import { siteRoot } from "../../scripts/lib/site-copy";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

export interface Running {
  url: string;
  stop: () => Promise<void>;
}

/** Serves the editor's files at /admin with the headers the deployed site sends there. */
export async function serveEditor(adminDir: string): Promise<Running> {
  const headers = Object.fromEntries([...securityHeaders, ...editorHeaders()].map(({ key, value }) => [key, value]));
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://local").pathname;
    const relative = pathname.replace(/^\/admin\/?/, "") || "index.html";
    const file = path.join(adminDir, path.normalize(relative));
    if (!pathname.startsWith("/admin") || !file.startsWith(adminDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Not found");
    }
    res.writeHead(200, { ...headers, "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/admin/`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers once decap-server replies to the editor's first question. */
function proxyAnswers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.end(JSON.stringify({ action: "info" }));
  });
}

/** decap-server over a folder, in its file-system mode (no git), on a free loopback port. */
export async function startDecapServer(repoDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), BIND_HOST: "127.0.0.1", GIT_REPO_DIRECTORY: repoDir, MODE: "fs" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + 30_000;
  while (!(await proxyAnswers(url))) {
    if (child.exitCode !== null) throw new Error(`decap-server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("decap-server did not answer within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The editor for a folder: its /admin files (in `<dir>/admin-files`) and decap-server over it. */
export async function startEditor(dir: string): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const backend = await startDecapServer(dir);
  const adminDir = path.join(dir, "admin-files");
  writeAdminFiles(adminDir, { siteRoot, siteName: "Severn Ridge Home Inspections", localBackendUrl: backend.url });
  const web = await serveEditor(adminDir);
  return {
    adminUrl: web.url,
    stop: async () => {
      await web.stop();
      await backend.stop();
    },
  };
}
