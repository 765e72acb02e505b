/**
 * The embedded database as PostgreSQL serves it: the process that owns it answers PostgreSQL's
 * protocol on `DATA_DIR/.s.PGSQL.5432`, so `pg` (and `psql -h DATA_DIR`, which finds a socket by
 * the same folder-and-port naming) reach it as any PostgreSQL, and a
 * client's transaction and the owner's own queries never run inside one another on PGlite's one
 * session.
 */
import { statSync } from "node:fs";
import pg from "pg";
import { databaseSocket, serveDatabaseAccess, socketUrl, withDatabase } from "../../src/serve/database-access";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { contactMessage } from "../support/sample-requests";
import { newDataDir } from "../support/embedded-database";
import { openDatabase, type Database } from "../../src/lib/server/db/database";

const count = "SELECT count(*)::int AS n FROM socket_turns";

describe("the running server's database", () => {
  let server: FunctionServer;
  beforeAll(async () => {
    server = await startFunctionServer({ RATE_LIMIT_MAX: "10000" });
  });
  afterAll(() => server?.stop());

  it("answers pg on its socket, as any PostgreSQL, and a command opens it itself once the server stops", async () => {
    const env = { ...process.env, DATA_DIR: server.dataDir };
    expect(statSync(databaseSocket(env)).mode & 0o777).toBe(0o600);
    const sent = await postJson(`${server.url}/api/contact`, contactMessage());
    expect(sent.status).toBe(201);
    const { reference } = JSON.parse(sent.body) as { reference: string };

    const client = new pg.Client({ connectionString: socketUrl(env) });
    await client.connect();
    const stored = await client.query("SELECT kind FROM requests WHERE reference = $1", [reference]);
    await client.end();
    expect(stored.rows).toEqual([{ kind: "contact-messages" }]);

    // Named as libpq names a server's socket, by its folder and port, as `psql -h DATA_DIR` does.
    const byFolder = new pg.Client({ host: server.dataDir, port: 5432, user: "postgres", database: "postgres" });
    await byFolder.connect();
    const count = await byFolder.query("SELECT count(*)::int AS n FROM requests WHERE reference = $1", [reference]);
    await byFolder.end();
    expect(count.rows).toEqual([{ n: 1 }]);

    await server.stop();
    const kinds = await withDatabase(
      (db) => db.query("SELECT kind FROM requests WHERE reference = $1", [reference]),
      env,
    );
    expect(kinds).toEqual([{ kind: "contact-messages" }]);
  });
});

describe("one session, taken in turns", () => {
  let db: Database;
  let env: NodeJS.ProcessEnv;
  let client: pg.Client;
  beforeAll(async () => {
    env = { ...process.env, DATA_DIR: await newDataDir("socket-turns-") };
    delete env.DATABASE_URL;
    db = await openDatabase(env);
    await serveDatabaseAccess(db, env);
    await db.exec("CREATE TABLE socket_turns (n int)");
  });
  beforeEach(async () => {
    client = new pg.Client({ connectionString: socketUrl(env) });
    client.on("error", () => undefined);
    await client.connect();
  });
  afterEach(() => client.end().catch(() => undefined));
  afterAll(() => db?.close());

  it("runs the owner's query after a client's transaction, not inside it", async () => {
    await client.query("BEGIN");
    await client.query("INSERT INTO socket_turns VALUES (1)");
    // Asked while the client's transaction is open: PGlite alone would run it there and count 1.
    const owners = db.query<{ n: number }>(count);
    expect((await client.query(count)).rows).toEqual([{ n: 1 }]);
    await client.query("ROLLBACK");
    expect(await owners).toEqual([{ n: 0 }]);
  });

  it("rolls back and hands on the session of a client that leaves mid-transaction", async () => {
    await client.query("BEGIN");
    await client.query("INSERT INTO socket_turns VALUES (2)");
    const owners = db.query<{ n: number }>(count);
    client.connection.stream.destroy();
    expect(await owners).toEqual([{ n: 0 }]);
  });

  it("lets clients of one pool and the owner's transactions run at once, each answered its own", async () => {
    await withDatabase(async (pool) => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 3 === 0
            ? db.transaction(async (tx) => (await tx.query<{ n: number }>("SELECT $1::int AS n", [i]))[0]!.n)
            : pool.query<{ n: number }>("SELECT $1::int AS n", [i]).then((rows) => rows[0]!.n),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => i));
    }, env);
  });
});
