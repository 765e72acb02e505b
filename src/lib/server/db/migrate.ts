/**
 * Brings the database to this code's schema when it is opened (the rules: migrations.ts). A cold
 * start reads what is recorded, without a lock, and is done when nothing is due; only a due
 * migration takes the advisory lock, reads again under it and applies, so two servers starting at
 * once on one PostgreSQL apply each migration exactly once.
 */
import { createHash } from "node:crypto";
import type { DeployContext } from "../deploy/deploy-context";
import { MIGRATIONS, type Migration } from "./migrations";
import type { Database, Queryable } from "./queryable";

/** Any number, the same in every process: names the lock that migrations hold. */
export const MIGRATION_LOCK = 72_310_001;

/** Why a database was not opened: its migrations or its deploy context do not match this code's. */
export class MigrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationRefused";
  }
}

export const checksum = (sql: string) => createHash("sha256").update(sql).digest("hex");

type AppliedMigration = {
  name: string;
  checksum: string;
  /** What it broke for older code; null: it only added. */
  breaking: string | null;
};

/** What the database records of its schema: the migrations applied and the deploy that owns it. */
interface SchemaRecord {
  /**
   * The bookkeeping tables are in this code's shape. Older databases numbered their migrations
   * (a `version` column) or did not record `breaking`, and have no schema_owner before their first.
   */
  current: boolean;
  applied: AppliedMigration[];
  /** The Netlify deploy context that first opened the database (deploy-context.ts); null: none yet. */
  owner: string | null;
}

/** Reads the record, taking no lock that a write would need. */
async function readRecord(tx: Queryable): Promise<SchemaRecord> {
  const [tables] = await tx.query<{ owned: boolean; columns: string[] | null }>(`
    SELECT to_regclass('schema_owner') IS NOT NULL AS owned,
      (SELECT array_agg(column_name::text) FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'schema_migrations') AS columns`);
  const columns = tables?.columns ?? [];
  const owner = tables?.owned
    ? ((await tx.query<{ deploy_context: string }>("SELECT deploy_context FROM schema_owner"))[0]?.deploy_context ??
      null)
    : null;
  const current = Boolean(tables?.owned) && columns.includes("name") && columns.includes("breaking");
  const applied = current
    ? await tx.query<AppliedMigration>(
        "SELECT name, checksum, breaking FROM schema_migrations ORDER BY applied_at, name",
      )
    : [];
  return { current, applied, owner };
}

interface Plan {
  /** This code's migrations the database lacks, in order. */
  pending: Migration[];
  /** No deploy owns the database yet, and this one is to claim it. */
  claim: boolean;
  /** Migrations the database holds that this code does not know, each of which only added. */
  ahead: string[];
}

/**
 * What opening the database takes, or a refusal (MigrationRefused) when it belongs to another
 * deploy context, holds a breaking migration this code does not know, or holds an edited one.
 * A record in an older shape has everything pending: the locked pass reshapes it and asks again.
 */
function plan(record: SchemaRecord, migrations: readonly Migration[], context: DeployContext | null): Plan {
  if (context && record.owner && record.owner !== context) {
    throw new MigrationRefused(
      `This database belongs to the ${record.owner} deploy, and this is a ${context} deploy: nothing was migrated or written. Production's database is DATABASE_URL and the previews' PREVIEW_DATABASE_URL, each its own (docs/deploy.md).`,
    );
  }
  const claim = Boolean(context) && !record.owner;
  if (!record.current) return { pending: [...migrations], claim, ahead: [] };
  const applied = new Map(record.applied.map((row) => [row.name, row.checksum]));
  const known = new Set(migrations.map((migration) => migration.name));
  const ahead = record.applied.filter((row) => !known.has(row.name));
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
  const edited = migrations.filter(({ name, sql }) => applied.has(name) && applied.get(name) !== checksum(sql));
  if (edited.length) {
    throw new MigrationRefused(
      `The released migration${edited.length > 1 ? "s" : ""} ${edited.map((migration) => migration.name).join(", ")} ${edited.length > 1 ? "were" : "was"} edited after ${edited.length > 1 ? "they were" : "it was"} applied to this database; the edit would never run here. Restore the applied text and make the change a new migration; nothing was migrated.`,
    );
  }
  return {
    pending: migrations.filter(({ name }) => !applied.has(name)),
    claim,
    ahead: ahead.map((row) => row.name),
  };
}

const isDue = ({ pending, claim }: Plan) => pending.length > 0 || claim;

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

/** Brings the bookkeeping tables to this code's shape (SchemaRecord.current). */
async function reshapeRecord(tx: Queryable, migrations: readonly Migration[]): Promise<void> {
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
  await tx.exec("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS breaking text");
}

/**
 * Brings the database to this code's schema, or refuses (MigrationRefused) before writing
 * anything. `context` is the Netlify deploy context of this code, null on one machine (which
 * neither claims a database nor is refused one: the owner's own commands open any).
 */
export async function migrate(
  db: Database,
  context: DeployContext | null = null,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<void> {
  let done = await db.transaction(async (tx) => plan(await readRecord(tx), migrations, context));
  if (isDue(done)) {
    done = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      // Another server may have migrated while this one waited for the lock.
      let record = await readRecord(tx);
      let due = plan(record, migrations, context);
      if (!isDue(due)) return due;
      if (!record.current) {
        await reshapeRecord(tx, migrations);
        record = await readRecord(tx);
        due = plan(record, migrations, context);
      }
      for (const { name, sql, breaking } of due.pending) {
        await tx.exec(sql);
        await tx.query("INSERT INTO schema_migrations (name, checksum, breaking) VALUES ($1, $2, $3)", [
          name,
          checksum(sql),
          breaking ?? null,
        ]);
      }
      if (due.claim) await tx.query("INSERT INTO schema_owner (deploy_context) VALUES ($1)", [context]);
      return due;
    });
  }
  if (done.ahead.length) {
    console.warn(
      `[database] The database is ahead of this code by ${done.ahead.join(", ")}, which only added to the schema: opened as it is.`,
    );
  }
}
