/**
 * Named, checksummed migrations (src/lib/server/db/migrations.ts), on PGlite and on PostgreSQL:
 * an edited released migration and a database ahead of the code each stop the opening, naming
 * the migration, and change nothing; two branches that each add one both apply once merged; a
 * database made when migrations were numbered is named once; a database records the deploy
 * context that first migrated it and refuses another; two pools opening one PostgreSQL at once
 * apply each migration once.
 */
import { startPostgres } from "../support/postgres-server";
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { checksum, migrate } from "../../src/lib/server/db/migrate";
import { MIGRATIONS, type Migration } from "../../src/lib/server/db/migrations";
import { engines } from "../support/database-engines";

const table = (name: string): Migration => ({ name, sql: `CREATE TABLE m_${name.replace(/\W/g, "_")} (id integer);` });
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

  it("stops on a released migration that was edited, naming it, and applies nothing", async () => {
    const edited = MIGRATIONS.map((each, index) =>
      index === 1 ? { ...each, sql: `${each.sql}\nCREATE INDEX edited ON bookings (mailbox);` } : each,
    );
    await expect(migrate(db, null, [...edited, table("9001-after-the-edit")])).rejects.toThrow(
      /The released migration 0002-agreements-reminders was edited after it was applied/,
    );
    expect(await applied(db)).toEqual(MIGRATIONS.map((each) => each.name));
  });

  it("stops on a database ahead of the code, naming what it holds that the code lacks", async () => {
    await migrate(db, null, [...MIGRATIONS, table("9002-from-a-newer-deploy")]);
    await expect(migrate(db, null, MIGRATIONS)).rejects.toThrow(
      "The database is ahead of this code: it holds the migration 9002-from-a-newer-deploy",
    );
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
    await migrate(db, "production");
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
