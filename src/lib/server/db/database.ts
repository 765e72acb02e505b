/**
 * The one database of the site: PostgreSQL. With DATABASE_URL set, any PostgreSQL server (Netlify
 * DB, Supabase, RDS, a local server) through `pg`; without it, PGlite, PostgreSQL compiled to
 * WebAssembly, in a folder of DATA_DIR, so `npm start` needs nothing installed. Both speak the same
 * SQL, so the site's queries are plain SQL behind this one small interface (no query builder: the
 * queries lean on what only PostgreSQL has, exclusion constraints, ranges, SKIP LOCKED, and read
 * best as written).
 *
 * One process owns an embedded database: the functions' process of `npm start`. Commands reach it
 * through that process while the server runs (see scripts/lib/database-access.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { HttpError } from "../http/http-error";
import { onNetlify, processState, runtimeEnv } from "../http/runtime";
import { migrate } from "./migrations";

export type Row = Record<string, unknown>;

/** What a query runs on: the database, or one transaction of it. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs statements without parameters, several at once (a migration). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** "postgres" or "pglite", for the logs and the benchmarks. */
  kind: "postgres" | "pglite";
}

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

// The functions are bundled by webpack; the database drivers are loaded by Node at run time
// (PGlite finds its WebAssembly beside itself, and pg has an optional native part webpack
// cannot resolve). `__non_webpack_require__` is webpack's name for Node's own require.
declare const __non_webpack_require__: NodeJS.Require | undefined;
const nodeRequire: NodeJS.Require = typeof __non_webpack_require__ === "function" ? __non_webpack_require__ : require;

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = nodeRequire("pg") as typeof import("pg");
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closed must not take the process down.
  pool.on("error", (error) => console.error("[database] idle connection lost:", error.message));
  return {
    kind: "postgres",
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          query: async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, params as unknown[])).rows as R[],
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openEmbedded(dir: string): Promise<Database> {
  const { PGlite } = nodeRequire("@electric-sql/pglite") as typeof import("@electric-sql/pglite");
  const { btree_gist } = nodeRequire(
    "@electric-sql/pglite/contrib/btree_gist",
  ) as typeof import("@electric-sql/pglite/contrib/btree_gist");
  // PGlite makes its own folder but not the ones above it (DATA_DIR on a fresh clone).
  mkdirSync(path.dirname(dir), { recursive: true });
  const db = await PGlite.create(dir, { extensions: { btree_gist } });
  return {
    kind: "pglite",
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, params as unknown[])).rows;
    },
    exec: async (sql: string) => void (await db.exec(sql)),
    // PGlite has one connection: its transactions run one at a time, which is all the
    // serialisation one process needs.
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      db.transaction((tx) =>
        work({
          query: async <R extends Row>(sql: string, params: readonly unknown[] = []) =>
            (await tx.query<R>(sql, params as unknown[])).rows,
          exec: async (sql: string) => void (await tx.exec(sql)),
        }),
      ),
    close: () => db.close(),
  };
}

/** Opens the database the environment names and brings its schema up to date. */
export async function openDatabase(env: NodeJS.ProcessEnv = runtimeEnv()): Promise<Database> {
  const url = env.DATABASE_URL;
  if (!url && onNetlify(env)) {
    throw new Error("DATABASE_URL is not set: on Netlify the functions need a PostgreSQL database to store requests.");
  }
  const db = url ? await openPostgres(url) : await openEmbedded(embeddedDatabaseDir(env));
  try {
    await migrate(db);
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
  const key = `database:${env.DATABASE_URL ?? embeddedDatabaseDir(env)}`;
  const holder = processState(key, () => ({ opening: null as Promise<Database> | null }));
  holder.opening ??= openDatabase(env).catch((error: unknown) => {
    holder.opening = null;
    throw error;
  });
  return holder.opening;
}

/**
 * The database, or the 503 a visitor is given when it cannot be reached: for a request that
 * stores ("save"), that nothing was sent; for one that only reads, that it could not be read.
 */
export async function databaseOr503(
  phone: string,
  purpose: "save" | "read" = "save",
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<Database> {
  try {
    return await database(env);
  } catch (error) {
    console.error("[database] cannot open:", (error as Error).message);
    throw new HttpError(
      503,
      purpose === "save"
        ? `We could not save your request just now. Nothing was sent. Please try again in a few minutes or call us at ${phone}.`
        : `We cannot show this just now. Please try again in a few minutes or call us at ${phone}.`,
    );
  }
}
