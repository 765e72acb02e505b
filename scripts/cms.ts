/**
 * `npm run cms`: the content editor on a writer's own machine, offline. Starts decap-server
 * (Decap's local backend, which reads and writes the files of this working copy, no git, no
 * login) and the development server; the editor is then at http://localhost:8000/admin/.
 * Ctrl+C stops both. DECAP_SERVER_PORT (default 8081) moves decap-server; the editor's
 * configuration, written when the development server starts, follows it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { decapServerPort } from "../src/build/admin-files";

const siteRoot = path.resolve(__dirname, "..");
const port = String(decapServerPort());
const children: ChildProcess[] = [];

function start(label: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: siteRoot, env: { ...process.env, ...env }, stdio: "inherit" });
  child.on("exit", (code) => {
    console.log(`${label} stopped (${code ?? "signal"}); stopping the editor.`);
    stopAll(code ?? 0);
  });
  children.push(child);
}

function stopAll(code: number) {
  children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
  process.exitCode = code;
}

start("decap-server", [require.resolve("decap-server/dist/index.js")], {
  PORT: port,
  BIND_HOST: "127.0.0.1",
  GIT_REPO_DIRECTORY: siteRoot,
  MODE: "fs",
});
start("gatsby develop", [require.resolve("gatsby/cli.js"), "develop"], {
  GATSBY_TELEMETRY_DISABLED: "1",
  DECAP_SERVER_PORT: port,
});
console.log(
  `\n  Content editor: http://localhost:8000/admin/ (files are saved in ${path.join(siteRoot, "content")})\n`,
);
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
