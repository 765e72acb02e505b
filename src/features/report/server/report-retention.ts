/**
 * A report is kept with its booking and, once the booking has gone, with its signed agreement
 * (5 years from the delivery, BOP 16-4A-05): the retention pass (privacy/retention.ts) lets go of
 * the reports kept with neither in its transaction, and their files are then deleted from the
 * store, the bucket or the data folder. A file the store did not delete stays listed and is tried
 * again on the next pass.
 */
import type { Queryable } from "../../../lib/server/db/database";
import { forgetGoneObject, goneObjects } from "./report-queries";
import type { ReportStore } from "./report-store";

/** Deletes the files listed as gone from the store; returns how many went. */
export async function removeGoneObjects(db: Queryable, store: ReportStore | null): Promise<number> {
  if (!store) return 0;
  let removed = 0;
  for (const key of await goneObjects(db)) {
    await store.remove(key);
    await forgetGoneObject(db, key);
    removed += 1;
  }
  return removed;
}
