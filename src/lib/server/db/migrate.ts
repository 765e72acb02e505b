/**
 * Applies the migrations (migrations.ts) when the database is opened. All run in one transaction
 * under an advisory lock, so two servers starting at once on one PostgreSQL apply each exactly once.
 *
 * Each applied migration is recorded by name with a checksum of its SQL, so that:
 * - a released migration that was edited afterwards stops the opening, naming it (a change is a
 *   new migration, never an edit: the edit would never run where the old one already had);
 * - a database that holds a migration this code does not know (it is ahead of the code: a newer
 *   deploy rolled back, or another branch's) is opened as it is when that migration only added
 *   (migrations.ts: expand, then contract), with a line in the log; one recorded as `breaking`
 *   stops the opening, naming it and what it broke, rather than have code that does not know its
 *   schema fail request by request;
 * - two branches that each add a migration both apply once merged, whatever their place.
 *
 * A database also records the Netlify deploy context that first opened it (deploy-context.ts):
 * a deploy preview that was handed production's DATABASE_URL stops before it migrates or writes
 * anything there, and so does production on a preview's database.
 */
import { createHash } from "node:crypto";
import type { DeployContext } from "../deploy/deploy-context";
import { MIGRATIONS, type Migration } from "./migrations";
import type { Database, Queryable } from "./queryable";

/** Any number, the same in every process: names the lock that migrations hold. */
const MIGRATION_LOCK = 72_310_001;

/** Why a database was not opened: its migrations or its deploy context do not match this code's. */
export class MigrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationRefused";
  }
}

export const checksum = (sql: string) => createHash("sha256").update(sql).digest("hex");

async function tableExists(tx: Queryable, table: string): Promise<boolean> {
  const [row] = await tx.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [table]);
  return Boolean(row?.found);
}

/** The deploy context recorded in the database, refused when it is not this code's own. */
async function checkOwner(tx: Queryable, context: DeployContext | null): Promise<boolean> {
  if (!(await tableExists(tx, "schema_owner"))) return false;
  const [owner] = await tx.query<{ deploy_context: string }>("SELECT deploy_context FROM schema_owner");
  if (!owner) return false;
  if (context && owner.deploy_context !== context) {
    throw new MigrationRefused(
      `This database belongs to the ${owner.deploy_context} deploy, and this is a ${context} deploy: nothing was migrated or written. Production's database is DATABASE_URL and the previews' PREVIEW_DATABASE_URL, each its own (docs/deploy.md).`,
    );
  }
  return true;
}

/**
 * Databases made before migrations had names recorded their place in the list (1, 2, 3). Those
 * places are the first released migrations, so each row gets that migration's name and today's
 * checksum, once.
 */
async function nameNumberedMigrations(tx: Queryable, migrations: readonly Migration[]): Promise<void> {
  const columns = await tx.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'schema_migrations'",
  );
  if (!columns.some((column) => column.column_name === "version")) return;
  await tx.exec("ALTER TABLE schema_migrations ADD COLUMN name text, ADD COLUMN checksum text");
  const numbered = await tx.query<{ version: number }>("SELECT version FROM schema_migrations");
  for (const { version } of numbered) {
    const known = migrations[version - 1];
    await tx.query("UPDATE schema_migrations SET name = $1, checksum = $2 WHERE version = $3", [
      known?.name ?? `unnamed-${version}`,
      known ? checksum(known.sql) : "unknown",
      version,
    ]);
  }
  await tx.exec(`
    ALTER TABLE schema_migrations DROP COLUMN version;
    ALTER TABLE schema_migrations ALTER COLUMN name SET NOT NULL, ALTER COLUMN checksum SET NOT NULL, ADD PRIMARY KEY (name);
  `);
}

/**
 * Brings the database to this code's schema, or refuses (MigrationRefused) before writing
 * anything when it belongs to another deploy context, holds a migration this code does not know,
 * or holds an edited one. `context` is the Netlify deploy context of this code, null on one machine
 * (which neither claims a database nor is refused one: the owner's own commands open any).
 */
export async function migrate(
  db: Database,
  context: DeployContext | null = null,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const owned = await checkOwner(tx, context);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE IF NOT EXISTS schema_owner (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        deploy_context text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now()
      );
    `);
    await nameNumberedMigrations(tx, migrations);
    // Whether each applied migration broke what older code relies on; null: it only added.
    await tx.exec("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS breaking text");
    const rows = await tx.query<{ name: string; checksum: string; breaking: string | null }>(
      "SELECT name, checksum, breaking FROM schema_migrations ORDER BY applied_at, name",
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const known = new Set(migrations.map((migration) => migration.name));
    const ahead = rows.filter((row) => !known.has(row.name));
    const breaking = ahead.filter((row) => row.breaking !== null);
    if (breaking.length) {
      throw new MigrationRefused(
        `The database is ahead of this code: it holds ${breaking
          .map((row) => `the breaking migration ${row.name} (${row.breaking})`)
          .join(
            " and ",
          )}, which this code does not have. Deploy the code that has ${breaking.length > 1 ? "them" : "it"} again (roll forward); nothing was migrated.`,
      );
    }
    if (ahead.length) {
      console.warn(
        `[database] The database is ahead of this code by ${ahead.map((row) => row.name).join(", ")}, which only added to the schema: opened as it is.`,
      );
    }
    const edited = migrations.filter(({ name, sql }) => applied.has(name) && applied.get(name) !== checksum(sql));
    if (edited.length) {
      throw new MigrationRefused(
        `The released migration${edited.length > 1 ? "s" : ""} ${edited.map((migration) => migration.name).join(", ")} ${edited.length > 1 ? "were" : "was"} edited after ${edited.length > 1 ? "they were" : "it was"} applied to this database; the edit would never run here. Restore the applied text and make the change a new migration; nothing was migrated.`,
      );
    }
    for (const { name, sql, breaking: broke } of migrations) {
      if (applied.has(name)) continue;
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (name, checksum, breaking) VALUES ($1, $2, $3)", [
        name,
        checksum(sql),
        broke ?? null,
      ]);
    }
    if (context && !owned) {
      await tx.query("INSERT INTO schema_owner (deploy_context) VALUES ($1) ON CONFLICT (only_row) DO NOTHING", [
        context,
      ]);
    }
  });
}
