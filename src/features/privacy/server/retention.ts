/**
 * The daily retention pass: deletes every record whose period (content/privacy.yaml) is over, with what is kept
 * with it, recording only how many of each kind went. The first server to claim the day's `retention_runs` row
 * runs it in that row's transaction. The periods and the report store are passed in because Netlify's bundler
 * of the scheduled function (enforce-retention.mts) cannot load the YAML the site's bundles read.
 */
import { localDate, MARYLAND } from "../../../lib/maryland-time/local-time";
import type { PrivacyContent } from "../../../lib/content/content-schema";
import { database, type Database } from "../../../lib/server/db/database";
import { claimRetentionDay, deleteDue, recordRetentionRun, type RetentionCounts } from "./privacy-queries";
import { processState, runtimeEnv } from "../../../lib/server/runtime/runtime";
import { dueBefore, periodsOf, type PeriodOf } from "./due-days";
import { letGoOfOrphanReports, removeGoneObjects, type ReportStore } from "../../report/server";

/** How often a long-running process looks whether the day has turned. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the pass of `now`'s day (Maryland's), unless it has run: returns what it deleted, or null
 * when that day's pass had already run. Tests move the clock by passing `now`. The files of the
 * reports it let go of are then deleted from `store`, with any a past pass could not delete.
 */
export async function enforceRetention(
  db: Database,
  now: Date,
  periods: PrivacyContent,
  store: ReportStore | null,
): Promise<RetentionCounts | null> {
  const counts = await deleteDueOn(db, now, periods);
  await removeGoneObjects(db, store);
  return counts;
}

async function deleteDueOn(db: Database, now: Date, periods: PrivacyContent): Promise<RetentionCounts | null> {
  const day = localDate(now.getTime(), MARYLAND);
  return db.transaction(async (tx) => {
    if (!(await claimRetentionDay(tx, day, now.toISOString()))) return null;
    // What goes is what the data page said goes on this day or before (due-days.ts).
    const kinds = periodsOf(periods);
    const cutoffs = Object.fromEntries(
      Object.entries(kinds).map(([kind, period]) => [kind, dueBefore(day, period)]),
    ) as Record<PeriodOf, string>;
    const counts = {
      ...(await deleteDue(tx, now.toISOString(), cutoffs)),
      reports: await letGoOfOrphanReports(tx, now.toISOString()),
    };
    await recordRetentionRun(tx, day, counts);
    return counts;
  });
}

/**
 * Runs the pass now and then every hour, for the life of the process (the timer does not keep it
 * alive); each day's pass runs once, on whichever server comes first. Started once per process.
 */
export function ensureRetentionWorker(
  periods: PrivacyContent,
  store: ReportStore | null,
  env: NodeJS.ProcessEnv = runtimeEnv(),
): void {
  processState("retention-worker", () => {
    const tick = async () => {
      try {
        const counts = await enforceRetention(await database(env), new Date(), periods, store);
        if (counts) console.log(`[retention] deleted what was due: ${JSON.stringify(counts)}`);
      } catch (error) {
        // Tried again within the hour; what is due stays due, so a missed pass only delays it.
        console.error("[retention] pass failed:", (error as Error).message);
      }
    };
    void tick();
    setInterval(() => void tick(), CHECK_EVERY_MS).unref();
    return true;
  });
}
