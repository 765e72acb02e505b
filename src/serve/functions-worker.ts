/**
 * The process that runs the Gatsby Functions for src/serve/serve.ts, on a loopback port only that server talks
 * to: a function that crashes or runs out of memory takes only this process down, the site keeps answering,
 * and serve.ts starts a new one (answering 503 meanwhile).
 *
 *   node --import tsx src/serve/functions-worker.ts <siteRoot> <port>
 */
// The reminders and the retention periods read content/ as the site's bundles read it.
import "./webpack-imports";
import { createServer } from "node:http";
import { database, type Database } from "../lib/server/db/database";
import { serverSettings } from "../lib/server/runtime/settings";
import { ensureDeliveryWorker } from "../lib/server/mail/delivery";
import { retention } from "../features/privacy/shared/declaration";
import { ensureRetentionWorker } from "../features/privacy/server/retention";
import { reportStore } from "../features/report/server/deploy-store";
import { periodicPass } from "../passes/periodic-pass";
import { serveDatabaseAccess } from "./database-access";
import { loadFunctions, runFunction } from "./functions";

const [siteRoot, port] = process.argv.slice(2);
const handlers = loadFunctions(siteRoot!);

const server = createServer((req, res) => {
  const route = (req.url ?? "").replace(/^\/api\//, "").replace(/[?#].*$/, "");
  void runFunction(handlers, req, res, route);
});
// serve.ts bounds the time of each request; this side only needs to outlast it. Its proxy's
// idle connections are closed by the proxy (Node's agent, after 5 s), never here as it sends.
server.requestTimeout = 0;
server.keepAliveTimeout = serverSettings(process.env).keepAliveMs;

/** The database this process opened, to close as it stops. */
let opened: Database | null = null;

// The database is opened (and its schema brought up to date) before the first request is let in;
// this process owns an embedded one, and commands reach it through the socket it serves. One that
// cannot be reached now is tried again by each request, which meanwhile answers 503.
void database(process.env)
  .then((db) => {
    opened = db;
    // A new database is made by PGlite's initdb, a WebAssembly instance of its own whose memory
    // (about 400 MB resident) is otherwise kept until V8 happens to collect it.
    globalThis.gc?.();
    return serveDatabaseAccess(db);
  })
  .catch((error: unknown) => console.error("[functions] the database cannot be opened:", (error as Error).message))
  .finally(() => {
    server.listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
    // E-mails still pending from before a restart go out now, and due ones every few seconds: here,
    // in the functions' process, never in the process that serves the pages.
    // Each pass first runs the periodic pass (src/passes/periodic-pass.ts): lapsed holds and desk
    // secrets ended, the reminders due before visits stored (once each, whatever the servers).
    ensureDeliveryWorker(process.env, (db, now) => periodicPass(db, now, process.env));
    // Records whose period is over are deleted once a day, here too (privacy/retention.ts).
    ensureRetentionWorker(retention, reportStore(process.env), process.env);
  });

// A bug that escapes a function leaves the process in an unknown state: end it, and serve.ts
// starts a fresh one.
process.on("uncaughtException", (error) => {
  console.error("[functions] uncaught error; restarting:", error);
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  console.error("[functions] unhandled rejection; restarting:", error);
  process.exit(1);
});
/** How long a stop may wait for the transaction under way before the process ends anyway. */
const STOP_MS = 5_000;
let stopping = false;

/**
 * Ctrl+C reaches this process as well as the server's, which then sends SIGTERM, and the server's
 * end closes the channel to it. No request is let in any more, and the database is closed once the
 * transaction under way ends: an embedded one not closed is recovered at the next start, and
 * PostgreSQL then skips the numbers it had set aside ahead (each kept e-mail's number jumped by 32).
 */
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close();
  setTimeout(() => process.exit(0), STOP_MS).unref();
  void Promise.resolve(opened?.close())
    .catch((error: unknown) => console.error("[functions] the database did not close:", (error as Error).message))
    .finally(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);
