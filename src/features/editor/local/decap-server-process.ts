/**
 * decap-server (Decap's local backend, in its file-system mode) listening on a socket instead
 * of a TCP port, so that no web page can reach it, only the guard in front of it
 * (editor-backend.ts starts both). decap-server's own middlewares on decap-server's own express,
 * as its bin does, minus the port. Environment: GIT_REPO_DIRECTORY (the folder it edits, read by
 * decap-server), DECAP_SERVER_SOCKET and LOG_LEVEL. Tells its parent "listening" over IPC.
 */
import { createRequire } from "node:module";
import type { Server } from "node:http";

const fromDecapServer = createRequire(require.resolve("decap-server/package.json"));
const express = fromDecapServer("express") as () => { listen: (socket: string, ready: () => void) => Server };
const { registerLocalFs } = fromDecapServer("./dist/middlewares.js") as {
  registerLocalFs: (app: ReturnType<typeof express>, options: { logLevel?: string }) => Promise<void>;
};

async function main() {
  const socket = process.env.DECAP_SERVER_SOCKET;
  if (!socket || !process.env.GIT_REPO_DIRECTORY)
    throw new Error("DECAP_SERVER_SOCKET and GIT_REPO_DIRECTORY are needed");
  const app = express();
  await registerLocalFs(app, { logLevel: process.env.LOG_LEVEL ?? "info" });
  const server = app.listen(socket, () => process.send?.("listening"));
  // Closing removes the socket file.
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
