/**
 * A new DATA_DIR for a test, holding an embedded database as PGlite's initdb leaves it: no table,
 * no migration, no claim, so the server or command that opens it migrates and claims it exactly as
 * on a fresh clone. PGlite's initdb (PostgreSQL's bootstrap in WebAssembly) costs about 3.5 s of CPU
 * each time and was half the integration tests' time; the folder is made once per machine and PGlite
 * version, and each test gets a copy (0.15 s). A test of a first start on an empty folder makes
 * its own folder instead.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedDatabaseDir } from "../../src/lib/server/db/database";

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

let made: Promise<string> | undefined;

/** The folder initdb made, made now if this machine has none for this PGlite. */
function initializedDatabase(): Promise<string> {
  made ??= (async () => {
    const finished = path.join(tmpdir(), `pglite-initdb-${pgliteVersion()}`);
    if (existsSync(finished)) return finished;
    // Made aside and renamed whole, so a test beside this one (another Jest worker) never copies
    // a half-made folder; the second of two racing makers throws its own away.
    const aside = mkdtempSync(path.join(tmpdir(), "pglite-initdb-making-"));
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(aside, "database"));
    await db.close();
    try {
      renameSync(path.join(aside, "database"), finished);
    } catch (error) {
      if (!existsSync(finished)) throw error;
    } finally {
      rmSync(aside, { recursive: true, force: true });
    }
    return finished;
  })();
  return made;
}

/** A new DATA_DIR under the system's temporary folder, its embedded database initialized. */
export async function newDataDir(prefix = "site-data-"): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(await initializedDatabase(), embeddedDatabaseDir({ DATA_DIR: dataDir }), { recursive: true });
  return dataDir;
}
