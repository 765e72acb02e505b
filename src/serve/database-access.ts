/**
 * How commands reach the embedded database, which the functions' process of `npm start` owns: it serves it over
 * PostgreSQL's protocol on a Unix socket at `DATA_DIR/.s.PGSQL.5432` (this user only), so a command connects
 * with `pg`, and `psql -h DATA_DIR -U postgres` works too. A command opens the database itself when no server
 * answers; with DATABASE_URL every process connects to that server directly.
 */
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { existsSync, unlinkSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import path from "node:path";
import pg from "pg";
import { dataDir, openDatabase, type Database } from "../lib/server/db/database";
import type { Turns } from "../lib/server/db/turns";

/** PostgreSQL's default port: it only names the socket, `.s.PGSQL.<port>` in the folder. */
const SOCKET_PORT = 5432;

export const databaseSocket = (env: NodeJS.ProcessEnv = process.env) =>
  path.join(dataDir(env), `.s.PGSQL.${SOCKET_PORT}`);

/** The connection string of the owner's socket: `pg` takes a folder as its host. */
export const socketUrl = (env: NodeJS.ProcessEnv = process.env) =>
  `postgresql://postgres@/postgres?host=${encodeURIComponent(dataDir(env))}&port=${SOCKET_PORT}`;

type Engine = NonNullable<Database["embedded"]>["engine"];

/** ReadyForQuery ("Z", length 5) with the state "I": the session is idle, in no transaction. */
const idle = (tail: Uint8Array) => tail.length === 6 && tail[0] === 0x5a && tail[4] === 5 && tail[5] === 0x49;
/** Sync ("S", length 4): ends an unfinished extended query, so the session answers again. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** Terminate ("X"): the client's last message, which has no answer. */
const TERMINATE = 0x58;

/**
 * The socket's clients at the one session, for PGlite's socket handler. A client takes a turn with
 * its first message (Turns, shared with the process's own queries) and keeps it until PGlite says
 * the session is idle: through the messages of one query and the statements of a transaction,
 * nothing else runs. A client that goes mid-way gives the session back clean. (PGlite's own socket
 * server passes the session between clients message by message, and never to the process's own
 * queries: a query of the functions then ran inside a command's transaction.)
 */
class SessionTurns {
  private holder: number | null = null;
  private end: (() => void) | null = null;
  private waiting = new Set<number>();
  private gone = new Set<number>();

  constructor(
    private readonly engine: Engine,
    private readonly turns: Turns,
  ) {}

  async enqueue(client: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.holder !== client) {
      this.waiting.add(client);
      const end = await this.turns.take();
      this.waiting.delete(client);
      if (this.gone.delete(client)) {
        end();
        throw new Error("The client left before its turn.");
      }
      [this.holder, this.end] = [client, end];
    }
    let bytes = 0;
    let tail = new Uint8Array(0);
    try {
      await this.engine.runExclusive(() =>
        this.engine.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            tail = Uint8Array.from([...tail, ...data.subarray(-6)].slice(-6));
            onData(data);
          },
        }),
      );
    } catch (error) {
      await this.clearTransactionIfNeeded(client);
      throw error;
    }
    if (idle(tail) || message[0] === TERMINATE) this.handBack();
    return bytes;
  }

  /** The client is leaving: a turn it still waits for is given up. */
  clearQueueForHandler(client: number): void {
    if (this.waiting.has(client)) this.gone.add(client);
  }

  /**
   * The client has left: if it held the session, it is made idle and handed on. Never fails (the
   * socket handler does not wait for it): a database closed meanwhile has no session to clean.
   */
  async clearTransactionIfNeeded(client: number): Promise<void> {
    if (this.holder !== client) return;
    try {
      if (!this.engine.closed) {
        await this.engine.runExclusive(() => this.engine.execProtocolRaw(SYNC));
        if (this.engine.isInTransaction()) await this.engine.exec("ROLLBACK");
      }
    } catch (error) {
      console.error("[database] a departed client's session could not be reset:", (error as Error).message);
    } finally {
      this.handBack();
    }
  }

  private handBack() {
    const end = this.end;
    [this.holder, this.end] = [null, null];
    end?.();
  }
}

/**
 * Serves the embedded database on the socket, for as long as this process lives (the server does
 * not keep it alive). Nothing with DATABASE_URL, where there is nothing to share.
 */
export async function serveDatabaseAccess(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<Server | null> {
  if (env.DATABASE_URL || !db.embedded) return null;
  const socket = databaseSocket(env);
  // A socket left by a process that died is only a file; the database itself is this process's now.
  if (existsSync(socket)) unlinkSync(socket);
  const sessions = new SessionTurns(db.embedded.engine, db.embedded.turns);
  const server = createServer((connection) => {
    // The handler is typed for PGlite's own queue; SessionTurns has the three methods it calls.
    const handler = new PGLiteSocketHandler({ queryQueue: sessions as never, closeOnDetach: true });
    handler.attach(connection).catch(() => connection.destroy());
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  await chmod(socket, 0o600);
  server.unref();
  return server;
}

/** Whether a process answers on the socket. */
async function answers(env: NodeJS.ProcessEnv): Promise<boolean> {
  if (!existsSync(databaseSocket(env))) return false;
  const client = new pg.Client({ connectionString: socketUrl(env) });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `work` with the database: through the running server (as any PostgreSQL, by `pg`), or
 * opened here (and closed after). `openHere: false` is for a process beside the server's (the local
 * mail page of src/serve/serve.ts), which must never open the embedded database the functions'
 * process owns: it fails instead.
 */
export async function withDatabase<T>(
  work: (db: Database) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
  { openHere = true } = {},
): Promise<T> {
  const served = !env.DATABASE_URL && (await answers(env));
  if (!env.DATABASE_URL && !served && !openHere) {
    throw new Error("The functions' process does not answer on its database socket.");
  }
  const db = await openDatabase(served ? { ...env, DATABASE_URL: socketUrl(env) } : env);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
