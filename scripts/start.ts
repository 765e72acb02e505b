/**
 * `npm start`: builds the site unless public/ is already the build of the files as they are
 * (scripts/lib/build-stamp.ts), then serves it with its functions (src/serve/serve.ts). Arguments
 * go to the server: `npm start -- --port 9000`. `npm run build` always builds from clean.
 *
 * It also starts the content editor's local backend (decap-server behind its guard, as
 * `npm run cms` does), so /admin on this server edits the files of this working copy with no
 * second command. If its port (DECAP_SERVER_PORT, 8081) is taken, /admin says what to run instead.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultPort } from "../src/serve/served-address";
import { buildIsCurrent, inputStamp } from "./lib/build-stamp";
import { decapServerPort, startEditorBackend, type EditorBackend } from "../src/features/editor/local/editor-backend";

const root = path.resolve(__dirname, "..");
const serverArgs = process.argv.slice(2);

async function main(): Promise<number> {
  if (buildIsCurrent(root, inputStamp(root))) {
    console.log("public/ is the build of the files as they are now: serving it (`npm run build` rebuilds from clean).");
  } else {
    const status = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status ?? 1;
    if (status !== 0) return status;
  }
  const { values } = parseArgs({
    args: serverArgs,
    options: { port: { type: "string", default: defaultPort() }, host: { type: "string" } },
    strict: false,
  });
  const port = String(values.port);
  let backend: EditorBackend | undefined;
  try {
    backend = await startEditorBackend({
      repoDir: root,
      port: decapServerPort(),
      allowedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    });
    console.log(`  Content editor: http://localhost:${port}/admin/ (saves into ${path.join(root, "content")})`);
  } catch (error) {
    console.log(
      `  The content editor's local backend did not start (${(error as Error).message}); /admin says what to run instead.`,
    );
  }
  // The server itself, not through npm, so stopping this process stops it too.
  const server = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "src", "serve", "serve.ts"), ...serverArgs],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...(backend ? { EDITOR_LOCAL_BACKEND: backend.url } : {}) },
    },
  );
  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const code = await new Promise<number>((resolve) => server.on("exit", (exit) => resolve(exit ?? 0)));
  await backend?.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
