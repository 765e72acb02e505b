/**
 * `npm start`: builds the site unless public/ is already the build of the files as they are
 * (scripts/lib/build-stamp.ts), then serves it with its functions (src/serve/serve.ts) in this
 * process. Arguments go to the server: `npm start -- --port 9000`. `npm run build` always builds
 * from clean. The content editor's local backend (its guard on DECAP_SERVER_PORT, 8081) is ready
 * for /admin; decap-server itself starts when the editor first asks (docs/quality.md: memory).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultPort } from "../src/serve/served-address";
import { buildIsCurrent, inputStamp } from "./lib/build-stamp";
import { decapServerPort, startEditorBackend, type EditorBackend } from "../src/features/editor/local/editor-backend";
import { buildEnv, isThisMachine } from "./lib/start-env";

const root = path.resolve(__dirname, "..");
const serverArgs = process.argv.slice(2);

async function main(): Promise<void> {
  // A SITE_URL on this machine is the functions' alone (links in e-mails, Stripe's return): the
  // pages keep the build's addresses, so giving it needs no build (scripts/lib/start-env.ts).
  const env = buildEnv(process.env);
  if (buildIsCurrent(root, inputStamp(root, env))) {
    console.log("public/ is the build of the files as they are now: serving it (`npm run build` rebuilds from clean).");
  } else {
    const status = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env }).status ?? 1;
    if (status !== 0) process.exit(status);
  }
  if (isThisMachine(process.env.SITE_URL)) {
    console.log(`  Links in e-mails and Stripe's return lead to ${process.env.SITE_URL} (SITE_URL).`);
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
      lazy: true,
    });
    console.log(`  Content editor: http://localhost:${port}/admin/ (saves into ${path.join(root, "content")})`);
  } catch (error) {
    console.log(
      `  The content editor's local backend did not start (${(error as Error).message}); /admin says what to run instead.`,
    );
  }
  // Loaded once the site is built: the server reads the build as it starts.
  const { serveUntilStopped } = await import("../src/serve/serve");
  await serveUntilStopped(
    serverArgs,
    { ...process.env, ...(backend ? { EDITOR_LOCAL_BACKEND: backend.url } : {}) },
    async () => backend?.stop(),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
