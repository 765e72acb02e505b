/**
 * A new DATA_DIR for a test, holding an embedded database made once per machine and copied, since PGlite's
 * initdb and the migrations are much of each test server's start. `newDataDir` gives it as initdb leaves it, so
 * what opens it migrates it as on a fresh clone; `newServerDataDir` as a server leaves it after its first start
 * (migrated, claimed by no deploy context). A test of a first start on an empty folder makes its own.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { embeddedDatabaseDir, openDatabase } from "../../src/lib/server/db/database";
import { MIGRATIONS } from "../../src/lib/server/db/migrations";

function pgliteVersion(): string {
  const main = require.resolve("@electric-sql/pglite");
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version: string };
    if (name === "@electric-sql/pglite") return version;
  }
  throw new Error("@electric-sql/pglite's package.json was not found");
}

/** Makes a folder once per machine: aside, then renamed whole, so a test beside this one (another Jest worker) never copies a half-made folder; the second of two racing makers throws its own away. */
async function madeOnce(name: string, make: (databaseDir: string) => Promise<void>): Promise<string> {
  const finished = path.join(tmpdir(), name);
  if (existsSync(finished)) return finished;
  const aside = mkdtempSync(path.join(tmpdir(), "pglite-making-"));
  try {
    await make(path.join(aside, "database"));
    renameSync(path.join(aside, "database"), finished);
  } catch (error) {
    if (!existsSync(finished)) throw error;
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return finished;
}

let initialized: Promise<string> | undefined;
let migrated: Promise<string> | undefined;

/** The folder initdb made. */
function initializedDatabase(): Promise<string> {
  initialized ??= madeOnce(`pglite-initdb-${pgliteVersion()}`, async (databaseDir) => {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(databaseDir);
    await db.close();
  });
  return initialized;
}

/** That folder migrated by the code's own openDatabase; named by the migrations, so a new one makes a new folder. */
function migratedDatabase(): Promise<string> {
  const migrations = createHash("sha256").update(JSON.stringify(MIGRATIONS)).digest("hex").slice(0, 16);
  migrated ??= madeOnce(`pglite-migrated-${pgliteVersion()}-${migrations}`, async (databaseDir) => {
    const dataDir = path.dirname(databaseDir);
    cpSync(await initializedDatabase(), databaseDir, { recursive: true });
    await (await openDatabase({ DATA_DIR: dataDir })).close();
  });
  return migrated;
}

async function dataDirWith(database: string, prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(database, embeddedDatabaseDir({ DATA_DIR: dataDir }), { recursive: true });
  return dataDir;
}

/** A new DATA_DIR under the system's temporary folder, its embedded database as initdb leaves it. */
export const newDataDir = async (prefix = "site-data-") => dataDirWith(await initializedDatabase(), prefix);

/** A new DATA_DIR, its embedded database as a server's first start on one machine leaves it. */
export const newServerDataDir = async (prefix = "site-data-") => dataDirWith(await migratedDatabase(), prefix);
