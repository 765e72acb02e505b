/**
 * The one database of the site: PostgreSQL. With DATABASE_URL (PREVIEW_DATABASE_URL on a Netlify preview), any
 * PostgreSQL server through `pg`; without it, PGlite in a folder of DATA_DIR, so `npm start` needs nothing
 * installed. Plain SQL behind this small interface, no query builder: the queries lean on what only PostgreSQL
 * has (exclusion constraints, ranges, SKIP LOCKED). One process owns an embedded database, the functions'
 * process of `npm start`; commands reach it through that process (src/serve/database-access.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
// A static import, so that every bundler that makes a function (Gatsby's webpack for src/api,
// Netlify's for netlify/functions) puts the driver inside the function's bundle.
import pg from "pg";
import { databaseUrlSetting, deployContext, onNetlify } from "../deploy/deploy-context";
import { processState, runtimeEnv } from "../runtime/runtime";
import { serverSettings } from "../runtime/settings";
import { migrate } from "./migrate";
import type { Database, Queryable, Row } from "./queryable";
import { Turns } from "./turns";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./unavailable";

export type { Database, Queryable, Row } from "./queryable";

/** PostgreSQL's error codes the site answers: an exclusion constraint refused an overlap; a unique key exists. */
export const EXCLUSION_VIOLATION = "23P01";
export const UNIQUE_VIOLATION = "23505";
export const SERIALIZATION_FAILURE = "40001";
export const DEADLOCK_DETECTED = "40P01";

export const errorCode = (error: unknown): string | undefined =>
  typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : undefined;

/** The folder of what the server keeps on its own disk: the embedded database, the link secret. */
export function dataDir(env: NodeJS.ProcessEnv = runtimeEnv()): string {
  return path.resolve(env.DATA_DIR ?? ".data");
}

export const embeddedDatabaseDir = (env: NodeJS.ProcessEnv = runtimeEnv()) => path.join(dataDir(env), "database");

/**
 * PGlite is loaded by Node when it is used, never bundled: it is for one machine only (a function
 * on Netlify needs DATABASE_URL), and it finds its WebAssembly beside itself. A specifier no
 * bundler follows keeps its 10 MB out of every function: webpack is told to leave the import
 * alone, and Netlify's tracer cannot read a variable.
 */
const EMBEDDED_DRIVER = "@electric-sql/pglite";
const EMBEDDED_EXTENSION = "@electric-sql/pglite/contrib/btree_gist";
const loadAtRunTime = (specifier: string) => import(/* webpackIgnore: true */ specifier);

/**
 * How many connections one process keeps: on Netlify each function instance answers one request
 * at a time and there may be hundreds of instances, so few; on one server, enough for a rush.
 */
function poolSize(env: NodeJS.ProcessEnv): number {
  const chosen = Number(env.DATABASE_POOL_MAX);
  if (Number.isInteger(chosen) && chosen > 0) return chosen;
  return onNetlify(env) ? 2 : 10;
}

async function openPostgres(url: string, env: NodeJS.ProcessEnv): Promise<Database> {
  const settings = serverSettings(env);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize(env),
    connectionTimeoutMillis: settings.databaseConnectMs,
    // A connection unused for a while is closed, so that frozen instances do not hold the server's.
    idleTimeoutMillis: 10_000,
    // A backstop for a server that stops answering at all: pg ends the connection. The bound that
    // matters is the server's own (below), which cancels the statement where it runs.
    query_timeout: settings.databaseStatementMs + 1_000,
  });
  // An idle connection the server closed must not take the process down.
  pool.on("error", (error) => console.error("[database] idle connection lost:", error.message));
  // The server's own bounds, set once on each new connection, before its first statement (pg runs a
  // connection's queries in order): a statement waiting on a lock, or one left idle inside a
  // transaction, is cancelled where it runs, not left there after the client gave up. Behind a
  // pooler in transaction mode every client of the site sets the same values, so a server
  // connection handed from one to another keeps them.
  const bounds = [
    `SET statement_timeout = ${settings.databaseStatementMs}`,
    `SET lock_timeout = ${settings.databaseLockMs}`,
    `SET idle_in_transaction_session_timeout = ${settings.databaseIdleInTransactionMs}`,
  ].join("; ");
  pool.on("connect", (client) => {
    client.query(bounds).catch((error: Error) => console.error("[database] setting its bounds failed:", error.message));
  });
  /** Runs `work` on one pooled connection; one that timed out or broke is closed, not handed on. */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }
  const on = (client: pg.PoolClient): Queryable => ({
    query: async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as R[],
    exec: async (sql: string) => void (await client.query(sql)),
  });
  async function transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return withClient(async (client) => {
      await client.query("BEGIN");
      try {
        const result = await work(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    });
  }
  return {
    kind: "postgres",
    // A statement alone is one round trip: the connection's bounds hold it as they hold a transaction's.
    query: <T extends Row>(sql: string, params: readonly unknown[] = []) =>
      withClient((client) => on(client).query<T>(sql, params)),
    exec: (sql: string) => withClient((client) => on(client).exec(sql)),
    transaction,
    close: () => pool.end(),
  };
}

async function openEmbedded(dir: string): Promise<Database> {
  const { PGlite } = (await loadAtRunTime(EMBEDDED_DRIVER)) as typeof import("@electric-sql/pglite");
  const { btree_gist } = (await loadAtRunTime(
    EMBEDDED_EXTENSION,
  )) as typeof import("@electric-sql/pglite/contrib/btree_gist");
  // PGlite makes its own folder but not the ones above it (DATA_DIR on a fresh clone).
  mkdirSync(path.dirname(dir), { recursive: true });
  const db = await PGlite.create(dir, {
    extensions: { btree_gist },
    // PostgreSQL's default 128 MB of shared buffers fill PGlite's WebAssembly memory as pages are
    // read, 140 MB of the server's resident memory; the site's tables are a few MB, and a page not
    // in the buffers is a read of the file, which the operating system caches.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  // PGlite has one session: its transactions run one at a time, and each query and transaction
  // here takes a turn shared with the clients of the owner's socket, whose statements PGlite alone
  // would run between this process's (inside its transactions, or these inside theirs).
  const turns = new Turns();
  return {
    kind: "pglite",
    query: <T extends Row>(sql: string, params: readonly unknown[] = []) =>
      turns.run(async () => (await db.query<T>(sql, params as unknown[])).rows),
    exec: (sql: string) => turns.run(async () => void (await db.exec(sql))),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      turns.run(() =>
        db.transaction((tx) =>
          work({
            query: async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
              (await tx.query<R>(sql, params as unknown[])).rows,
            exec: async (sql: string) => void (await tx.exec(sql)),
          }),
        ),
      ),
    close: () => turns.run(() => db.close()),
    embedded: { engine: db, turns },
  };
}

/** Opens the database the environment names and brings its schema up to date. */
export async function openDatabase(env: NodeJS.ProcessEnv = runtimeEnv()): Promise<Database> {
  const setting = databaseUrlSetting(env);
  const url = env[setting];
  if (onNetlify(env) && !deployContext(env)) {
    throw new DatabaseUnavailable(
      "This function was built without a deploy context (CONTEXT): on Netlify it opens no database rather than guess which deploy it belongs to (docs/deploy.md).",
    );
  }
  if (!url && onNetlify(env)) {
    throw new DatabaseUnavailable(
      `${setting} is not set: on Netlify the functions need a PostgreSQL database of their own deploy context (docs/deploy.md).`,
    );
  }
  const db = url ? await openPostgres(url, env) : await openEmbedded(embeddedDatabaseDir(env));
  try {
    await migrate(db, deployContext(env));
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/**
 * The process's database, opened on first use and shared by every function bundle (each has its
 * own copy of this module; the promise lives on globalThis, see runtime.ts). A failed open is
 * forgotten, so the next request tries again.
 */
export function database(env: NodeJS.ProcessEnv = runtimeEnv()): Promise<Database> {
  const key = `database:${env[databaseUrlSetting(env)] ?? embeddedDatabaseDir(env)}`;
  const holder = processState(key, () => ({ opening: null as Promise<Database> | null }));
  holder.opening ??= openDatabase(env).catch((error: unknown) => {
    holder.opening = null;
    throw error;
  });
  return holder.opening;
}
