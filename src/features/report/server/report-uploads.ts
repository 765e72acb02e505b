/**
 * The uploads the desk was given links for (`report_uploads`, migration 0016-report-uploads): each
 * recorded when its link is made, attached at most once, and swept from the store by the periodic
 * pass (src/passes/periodic-pass.ts) a day after its link was made, attached or not: by then its
 * link has long stopped working, and whatever reached the key, kept or not, is nobody's report.
 */
import type { Queryable } from "../../../lib/server/db/database";
import type { ReportStore } from "./report-store";
import { UPLOAD_KEPT_MS } from "./report-store";

export async function recordUpload(db: Queryable, key: string, booking: string, now: Date): Promise<void> {
  await db.query("INSERT INTO report_uploads (object_key, booking, issued_at) VALUES ($1, $2, $3)", [
    key,
    booking,
    now.toISOString(),
  ]);
}

/** Whether `key` is an upload still waiting to be attached, made less than a day before `now`. */
export async function uploadPending(db: Queryable, key: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM report_uploads WHERE object_key = $1 AND attached_at IS NULL AND issued_at > $2",
    [key, new Date(now.getTime() - UPLOAD_KEPT_MS).toISOString()],
  );
  return rows.length > 0;
}

/** Marks the upload attached, in the attaching transaction; false when it was not pending (attached already, or swept). */
export async function markUploadAttached(tx: Queryable, key: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    "UPDATE report_uploads SET attached_at = $2 WHERE object_key = $1 AND attached_at IS NULL RETURNING 1",
    [key, now.toISOString()],
  );
  return rows.length > 0;
}

/** At most this many keys a pass: a backlog goes over the next passes. */
const SWEEP_BATCH = 100;

/**
 * Deletes from the store each upload whose link was made more than a day before `now`, then its
 * row; a key the store did not delete keeps its row, and it and the rest are tried on the next pass. Returns
 * how many went. The store is called outside any transaction; two passes at once delete a key twice,
 * which the store takes as done.
 */
export async function sweepOldUploads(db: Queryable, store: ReportStore | null, now: Date): Promise<number> {
  if (!store) return 0;
  const due = await db.query<{ object_key: string }>(
    "SELECT object_key FROM report_uploads WHERE issued_at <= $1 ORDER BY issued_at LIMIT $2",
    [new Date(now.getTime() - UPLOAD_KEPT_MS).toISOString(), SWEEP_BATCH],
  );
  let swept = 0;
  for (const { object_key: key } of due) {
    try {
      await store.remove(key);
    } catch (error) {
      // Most likely the store cannot be reached: the rest waits for the next pass too.
      console.error(`[report] an old upload could not be deleted yet (${key}):`, (error as Error).message);
      break;
    }
    await db.query("DELETE FROM report_uploads WHERE object_key = $1", [key]);
    swept += 1;
  }
  return swept;
}
