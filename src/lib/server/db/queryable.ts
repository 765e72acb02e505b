/** The database as the site's queries see it (database.ts opens it, migrations.ts shapes it). */
import type { Turns } from "./turns";

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
  /** The embedded engine and the turns at its one session, for the owner to serve it on a socket. */
  embedded?: { engine: import("@electric-sql/pglite").PGlite; turns: Turns };
}
