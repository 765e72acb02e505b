/**
 * The content editor on loopback, as a writer runs it with `npm run cms`: the /admin files
 * made for a folder, served with the editor's own headers (and the start the site's function
 * gives when `npm run cms` started a local backend), and the editor's backend
 * (decap-server behind its guard) reading and writing that folder's content/.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { startEditorBackend } from "../../src/features/editor/local/editor-backend";
import { editorHeaders, securityHeaders } from "../../src/lib/http/http-headers";
import { writeAdminFiles } from "../../src/features/editor/build/admin-files";
import { editorStart } from "../../src/features/editor/server/sign-in-settings";
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

/**
 * Serves the editor's files at /admin with the headers the deployed site sends there, and
 * /api/editor/config as the site's function answers it in `env()` (the editor's start).
 */
export async function serveEditor(adminDir: string, env: () => NodeJS.ProcessEnv = () => ({})): Promise<Running> {
  const headers = Object.fromEntries([...securityHeaders, ...editorHeaders()].map(({ key, value }) => [key, value]));
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://local").pathname;
    if (pathname === "/api/editor/config") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(editorStart(env())));
    }
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

/**
 * The editor for a folder: its /admin files (in `<dir>/admin-files`), and its backend as
 * `npm run cms` starts it (decap-server over the folder, behind the guard that lets only this
 * editor's page reach only what its collections name).
 */
export async function startEditor(
  dir: string,
): Promise<{ adminUrl: string; origin: string; backendUrl: string; stop: () => Promise<void> }> {
  const adminDir = path.join(dir, "admin-files");
  // The file server reads each file when asked, so it may start before the files are written.
  let backendUrl = "";
  const web = await serveEditor(adminDir, () => ({ EDITOR_LOCAL_BACKEND: backendUrl }));
  const { origin } = new URL(web.url);
  const backend = await startEditorBackend({ repoDir: dir, port: 0, allowedOrigins: [origin] }).catch(
    async (error: unknown) => {
      await web.stop();
      throw error;
    },
  );
  backendUrl = backend.url;
  writeAdminFiles(adminDir, { siteRoot, siteName: "Severn Ridge Home Inspections" });
  return {
    adminUrl: web.url,
    origin,
    backendUrl: backend.url,
    stop: async () => {
      await web.stop();
      await backend.stop();
    },
  };
}
