/**
 * The content editor on a writer's own machine, offline (`npm run cms`, scripts/cms.ts): starts decap-server
 * behind its guard (editor-backend-guard.ts), which edits this working copy with no git or login, and the
 * development server; the editor is then at http://localhost:8000/admin/, and Ctrl+C stops both.
 * DECAP_SERVER_PORT (default 8081) moves the backend, which /admin learns from /api/editor/config; PORT (default
 * 8000) moves the development server and the origin the backend accepts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { decapServerPort, startEditorBackend, type EditorBackend } from "./editor-backend";

/** Runs the editor over the working copy at siteRoot until Ctrl+C or until either process stops. */
export function runLocalEditor(siteRoot: string): void {
  const backendPort = decapServerPort();
  const developPort = Number(process.env.PORT ?? 8000);
  let backend: EditorBackend | undefined;
  const children: ChildProcess[] = [];
  let stopping = false;

  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
    void backend?.stop();
    process.exitCode = code;
  }

  function start(label: string, args: string[], env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, args, { cwd: siteRoot, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => {
      if (!stopping) console.log(`${label} stopped (${code ?? "signal"}); stopping the editor.`);
      stopAll(code ?? 0);
    });
    children.push(child);
  }

  async function main() {
    process.on("SIGINT", () => stopAll(0));
    process.on("SIGTERM", () => stopAll(0));
    backend = await startEditorBackend({
      repoDir: siteRoot,
      port: backendPort,
      // The development server's page, under either name of this machine.
      allowedOrigins: [`http://localhost:${developPort}`, `http://127.0.0.1:${developPort}`],
      output: "inherit",
    });
    if (stopping) return backend.stop();
    void backend.stopped.then((code) => {
      if (!stopping) console.log(`decap-server stopped (${code ?? "signal"}); stopping the editor.`);
      stopAll(code ?? 0);
    });
    start("gatsby develop", [require.resolve("gatsby/cli.js"), "develop", "--port", String(developPort)], {
      GATSBY_TELEMETRY_DISABLED: "1",
      // The functions' /api/editor/config tells /admin to edit the working copy through it.
      EDITOR_LOCAL_BACKEND: backend.url,
    });
    console.log(
      `\n  Content editor: http://localhost:${developPort}/admin/ (files are saved in ${path.join(siteRoot, "content")})\n`,
    );
  }

  main().catch((error: unknown) => {
    console.error(`The content editor did not start: ${error instanceof Error ? error.message : String(error)}`);
    stopAll(1);
  });
}
