/**
 * How commands reach the embedded database, which one process owns: the functions' process of
 * `npm start` answers queries on a Unix socket in DATA_DIR (readable by this user only), and a
 * command uses it while the server runs, or opens the database itself when it is stopped. With
 * DATABASE_URL, every process connects to the server directly.
 */
import { existsSync, unlinkSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import { dataDir, openDatabase, type Database, type Queryable, type Row } from "../lib/server/db/database";

export const accessSocket = (env: NodeJS.ProcessEnv = process.env) => path.join(dataDir(env), "database.sock");

/** Answers POST {sql, params} on the socket with the rows, or 400 with PostgreSQL's message. */
export async function serveDatabaseAccess(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<Server | null> {
  if (env.DATABASE_URL) return null;
  const socket = accessSocket(env);
  // A socket left by a process that died is only a file; the database itself is this process's now.
  if (existsSync(socket)) unlinkSync(socket);
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      void (async () => {
        try {
          const { sql, params } = JSON.parse(body) as { sql: string; params?: unknown[] };
          const rows = await db.query(sql, params ?? []);
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
        } catch (error) {
          res.writeHead(400, { "content-type": "text/plain" }).end((error as Error).message);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  await chmod(socket, 0o600);
  server.unref();
  return server;
}

function viaSocket(socket: string): Queryable {
  const query = <T extends Row>(sql: string, params: readonly unknown[] = []) =>
    new Promise<T[]>((resolve, reject) => {
      const req = request({ socketPath: socket, path: "/", method: "POST" }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(text) as T[]) : reject(new Error(text))));
      });
      req.on("error", reject);
      req.end(JSON.stringify({ sql, params }));
    });
  return { query, exec: async (sql) => void (await query(sql)) };
}

/** Whether a process answers on the socket. */
async function answers(socket: string): Promise<boolean> {
  if (!existsSync(socket)) return false;
  try {
    await viaSocket(socket).query("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` with the database: through the running server, or opened here (and closed after).
 * `openHere: false` is for a process beside the server's (the local mail page of src/serve/serve.ts),
 * which must never open the embedded database the functions' process owns: it fails instead.
 */
export async function withDatabase<T>(
  work: (db: Queryable) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
  { openHere = true } = {},
): Promise<T> {
  const socket = accessSocket(env);
  if (!env.DATABASE_URL && (await answers(socket))) return work(viaSocket(socket));
  if (!env.DATABASE_URL && !openHere) throw new Error("The functions' process does not answer on its database socket.");
  const db = await openDatabase(env);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
