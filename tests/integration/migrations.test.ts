/**
 * Named, checksummed migrations (src/lib/server/db/migrations.ts), on PGlite and PostgreSQL: a cold start with
 * nothing due only reads; a migration due takes the lock; an edited released migration or an unknown breaking
 * one stops the opening and changes nothing, while an unknown additive one opens (and the release before books
 * on it); merged branches apply each once; a numbered database is named once; another deploy context is
 * refused; two pools opening at once apply each migration once.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { postJson, startFunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { checksum, migrate, MIGRATION_LOCK } from "../../src/lib/server/db/migrate";
import { MIGRATIONS, type Migration } from "../../src/lib/server/db/migrations";
import type { Queryable, Row } from "../../src/lib/server/db/queryable";
import { engines } from "../support/database-engines";
import { findBooking } from "../../src/features/booking/server/booking-queries";
import { insertRequest } from "../../src/lib/server/mail/outbox";
import { COPY_AGENT } from "../../src/lib/forms/choices";

const table = (name: string): Migration => ({ name, sql: `CREATE TABLE m_${name.replace(/\W/g, "_")} (id integer);` });
/** The database, writing down each statement run through it, in its transactions too. */
function recording(db: Database, statements: string[]): Database {
  const record = (on: Queryable): Queryable => ({
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql.trim());
      return on.query<T>(sql, params);
    },
    exec: (sql: string) => {
      statements.push(sql.trim());
      return on.exec(sql);
    },
  });
  return {
    ...record(db),
    transaction: (work) => db.transaction((tx) => work(record(tx))),
    close: () => db.close(),
    kind: db.kind,
  };
}

/** A statement that takes a lock a write would wait on, or writes: the advisory lock, DDL, a write. */
const locksOrWrites = (sql: string) => /pg_advisory|\b(CREATE|ALTER|DROP|INSERT|UPDATE|DELETE|LOCK)\b/i.test(sql);

const applied = async (db: Database) =>
  (
    await db.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations ORDER BY name")
  ).map((row) => row.name);

describe.each(engines)("on %s", (_engine, start) => {
  let db: Database;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, stop } = await start());
  }, 60_000);
  afterAll(() => stop?.());

  it("records every released migration by name with the checksum of its SQL", async () => {
    const rows = await db.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations");
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      MIGRATIONS.map(({ name, sql }) => ({ name, checksum: checksum(sql) })),
    );
  });

  it("gives a booking the release before this one writes its client, agent and price, from its request", async () => {
    const reference = "SR-20300101-OLD1";
    // What that release writes, in its order: the booking row without them, then the request.
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_by,
           confirm_within_minutes, mailbox, phone, property, job, owner_event, created_at, updated_at)
         VALUES ($1, 1, '2030-01-08T14:00:00Z', 180, tstzrange('2030-01-08T14:00:00Z', '2030-01-08T18:00:00Z'),
           'booked', NULL, 120, 'old@example.org', '4105550100', '1-old-road', '{}', '{}', now(), now())`,
        [reference],
      );
      await insertRequest(tx, {
        kind: "schedule-requests",
        reference,
        receivedAt: new Date().toISOString(),
        record: {
          type: "schedule",
          reference,
          request: {
            name: "Olga Older",
            email: "old@example.org",
            phone: "(410) 555-0100",
            agentName: "Al Agent",
            agentEmail: "al@example.org",
            agentPhone: "(410) 555-0111",
            copyAgent: COPY_AGENT,
          },
          quote: { total: 525, lines: [] },
        },
        answer: { status: 201, body: {} },
        idempotencyKey: null,
        fingerprint: null,
      });
    });
    const booking = (await findBooking(db, reference))!;
    expect(booking.client).toEqual({ name: "Olga Older", email: "old@example.org", phone: "(410) 555-0100" });
    expect(booking.agent).toEqual({
      name: "Al Agent",
      email: "al@example.org",
      phone: "(410) 555-0111",
      role: "copied",
    });
    expect(booking.quotedCents).toBe(52_500);
  });

  it("reads what is applied and takes no lock and runs no DDL when nothing is due; takes the lock when one is", async () => {
    const statements: string[] = [];
    await migrate(recording(db, statements), null);
    expect(statements.filter(locksOrWrites)).toEqual([]);
    // What the tables are, who owns the database, what is applied.
    expect(statements).toHaveLength(3);

    statements.length = 0;
    const due = table("9000-due");
    await migrate(recording(db, statements), null, [...MIGRATIONS, due]);
    expect(statements).toContain("SELECT pg_advisory_xact_lock($1)");
    expect(statements).toContain(due.sql);
    expect(await applied(db)).toContain(due.name);
    await db.exec("DELETE FROM schema_migrations WHERE name = '9000-due'; DROP TABLE m_9000_due;");
  });

  it("stops on a released migration that was edited, naming it, and applies nothing", async () => {
    const edited = MIGRATIONS.map((each, index) =>
      index === 1 ? { ...each, sql: `${each.sql}\nCREATE INDEX edited ON bookings (mailbox);` } : each,
    );
    await expect(migrate(db, null, [...edited, table("9001-after-the-edit")])).rejects.toThrow(
      /The released migration 0002-agreements-reminders was edited after it was applied/,
    );
    expect(await applied(db)).toEqual(MIGRATIONS.map((each) => each.name));
  });

  it("opens a database ahead of the code by a migration that only added, and stops on a breaking one, naming it", async () => {
    await migrate(db, null, [...MIGRATIONS, table("9002-from-a-newer-deploy")]);
    // A rollback: the code before that migration opens the database it left, and says so.
    const warned = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    await migrate(db, null, MIGRATIONS);
    expect(warned).toHaveBeenCalledWith(expect.stringContaining("ahead of this code by 9002-from-a-newer-deploy"));
    warned.mockRestore();
    const breaking = {
      ...table("9002-zz-a-breaking-one"),
      breaking: "older code writes a column this drops",
    };
    await migrate(db, null, [...MIGRATIONS, table("9002-from-a-newer-deploy"), breaking]);
    await expect(migrate(db, null, [...MIGRATIONS, table("9002-from-a-newer-deploy")])).rejects.toThrow(
      "The database is ahead of this code: it holds the breaking migration 9002-zz-a-breaking-one (older code writes a column this drops)",
    );
    await db.exec("DELETE FROM schema_migrations WHERE name = '9002-zz-a-breaking-one'");
  });

  it("applies both of two branches' migrations once they are merged, whichever came first", async () => {
    const newer = table("9002-from-a-newer-deploy");
    const [first, second] = [table("9003-branch-one"), table("9003-branch-two")];
    await migrate(db, null, [...MIGRATIONS, newer, first]);
    await migrate(db, null, [...MIGRATIONS, newer, second, first]);
    expect(await applied(db)).toEqual([...MIGRATIONS.map((each) => each.name), newer.name, first.name, second.name]);
    expect(await db.query("SELECT * FROM m_9003_branch_two")).toEqual([]);
  });

  it("names the migrations of a database made when they were numbered, once", async () => {
    // As that code recorded them: each migration by its place in the list, from 1.
    await db.exec(`
      DROP TABLE schema_migrations;
      CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
      INSERT INTO schema_migrations (version) VALUES ${MIGRATIONS.map((_, index) => `(${index + 1})`).join(", ")};
    `);
    await migrate(db, null, MIGRATIONS);
    const rows = await db.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations");
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      MIGRATIONS.map(({ name, sql }) => ({ name, checksum: checksum(sql) })),
    );
  });

  it("belongs to the deploy context that first migrated it, and refuses another before writing", async () => {
    await migrate(db, "production");
    const statements: string[] = [];
    await migrate(recording(db, statements), "production");
    expect(statements.filter(locksOrWrites)).toEqual([]);
    // The owner's own commands (no deploy context) still open it.
    await migrate(db, null);
    await expect(migrate(db, "deploy-preview", [...MIGRATIONS, table("9004-a-preview-s")])).rejects.toThrow(
      "This database belongs to the production deploy, and this is a deploy-preview deploy",
    );
    expect(await applied(db)).not.toContain("9004-a-preview-s");
    expect(await db.query("SELECT deploy_context FROM schema_owner")).toEqual([{ deploy_context: "production" }]);
  });
});

it("applies each migration once when two pools open one new PostgreSQL database at once", async () => {
  const server = await startPostgres();
  try {
    const [one, two] = await Promise.all([
      openDatabase({ DATABASE_URL: server.url }),
      openDatabase({ DATABASE_URL: server.url }),
    ]);
    expect(await applied(one)).toEqual(MIGRATIONS.map((each) => each.name));
    expect(await applied(two)).toEqual(MIGRATIONS.map((each) => each.name));
    await Promise.all([one.close(), two.close()]);
  } finally {
    await server.stop();
  }
}, 60_000);

describe("on PostgreSQL, while another session holds the migrations' lock and blocks every write to their record", () => {
  let postgres: PostgresServer;
  let holder: pg.Client;
  beforeAll(async () => {
    postgres = await startPostgres();
    await (await openDatabase({ DATABASE_URL: postgres.url })).close();
    holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    // EXCLUSIVE lets others read the tables, and nothing more.
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await holder.query("LOCK TABLE schema_migrations, schema_owner IN EXCLUSIVE MODE");
  }, 60_000);
  afterAll(async () => {
    await holder?.query("ROLLBACK");
    await holder?.end();
    await postgres?.stop();
  });

  // A lock waited for is given up after a second, so the test stands on which statements wait.
  const open = () =>
    openDatabase({ DATABASE_URL: postgres.url, SERVER_SETTINGS: JSON.stringify({ databaseLockMs: 1_000 }) });

  it("a cold start with nothing due opens the database", async () => {
    const db = await open();
    expect(await applied(db)).toEqual(MIGRATIONS.map((each) => each.name));
    await db.close();
  });

  it("a cold start with a migration due waits for the lock", async () => {
    const db = await open();
    await expect(migrate(db, null, [...MIGRATIONS, table("9005-due")])).rejects.toMatchObject({ code: "55P03" });
    await db.close();
  });
});

describe("a rollback, under the production server on PostgreSQL", () => {
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());

  /**
   * This code's server on a database the next release migrated with `next`: a booking's answer at
   * `start` (an open time, or the first this server offers), and the log.
   */
  async function bookAfter(next: Migration, start?: string): Promise<{ status: number; logs: string; start: string }> {
    const db = await openDatabase({ DATABASE_URL: postgres.url });
    await migrate(db, null, [...MIGRATIONS, next]);
    await db.close();
    const server = await startFunctionServer({ DATABASE_URL: postgres.url, RATE_LIMIT_MAX: "1000" });
    try {
      const at = start ?? (await openStartsOf(server.url, SHORT_JOB))[1]!;
      const answer = await postJson(`${server.url}/api/schedule`, bookingRequest(at, SHORT_JOB), undefined, {
        "Idempotency-Key": randomUUID(),
      });
      return { status: answer.status, logs: server.logs(), start: at };
    } finally {
      await server.stop();
    }
  }

  it("books on a database the next release expanded, and refuses with 503 and a log line on one it broke", async () => {
    const expanded = await bookAfter({
      name: "9100-next-release-adds",
      sql: "ALTER TABLE bookings ADD COLUMN next_release_note text;",
    });
    expect(expanded.status).toBe(201);
    expect(expanded.logs).toContain("ahead of this code by 9100-next-release-adds");
    // The same time again: this server opens no database, so nothing is checked or stored.
    const broken = await bookAfter(
      {
        name: "9101-next-release-drops",
        sql: "ALTER TABLE bookings ADD COLUMN next_release_must text NOT NULL DEFAULT 'x';",
        breaking: "older code does not write next_release_must",
      },
      expanded.start,
    );
    expect(broken.status).toBe(503);
    expect(broken.logs).toMatch(
      /the breaking migration 9101-next-release-drops \(older code does not write next_release_must\)/,
    );
  });
});
