/** The queries of reports: `reports`, `report_downloads`, `report_objects_gone` (migration 0013-reports). */
import type { Queryable } from "../../../lib/server/db/database";
import { runRead, type Read } from "../../../lib/server/db/one-trip";

export type Downloader = "client" | "agent" | "owner";

export interface StoredReportRow {
  booking: string;
  key: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string;
  released: { at: string; by: string } | null;
}

interface ReportRow extends Record<string, unknown> {
  booking: string;
  object_key: string;
  size_bytes: string | number;
  uploaded_at: Date | string;
  uploaded_by: string;
  released_at: Date | string | null;
  released_by: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const fromRow = (row: ReportRow): StoredReportRow => ({
  booking: row.booking,
  key: row.object_key,
  size: Number(row.size_bytes),
  uploadedAt: iso(row.uploaded_at),
  uploadedBy: row.uploaded_by,
  released: row.released_at ? { at: iso(row.released_at), by: row.released_by ?? "" } : null,
});

export async function findReport(db: Queryable, booking: string, forUpdate = false): Promise<StoredReportRow | null> {
  const [row] = await db.query<ReportRow>(`SELECT * FROM reports WHERE booking = $1${forUpdate ? " FOR UPDATE" : ""}`, [
    booking,
  ]);
  return row ? fromRow(row) : null;
}

export async function reportsOf(db: Queryable, bookings: readonly string[]): Promise<StoredReportRow[]> {
  if (!bookings.length) return [];
  return (await db.query<ReportRow>("SELECT * FROM reports WHERE booking = ANY($1)", [bookings])).map(fromRow);
}

/**
 * Records the booking's report as the file under `key`; a file it replaces is listed as gone, to be
 * deleted from the store once this transaction has committed. A release stays with the booking.
 */
export async function storeReport(
  tx: Queryable,
  report: { booking: string; key: string; size: number; uploadedBy: string },
  now: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO report_objects_gone (object_key, gone_at)
     SELECT object_key, $3 FROM reports WHERE booking = $1 AND object_key <> $2
     ON CONFLICT (object_key) DO NOTHING`,
    [report.booking, report.key, now],
  );
  await tx.query(
    `INSERT INTO reports (booking, object_key, size_bytes, uploaded_at, uploaded_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (booking) DO UPDATE SET object_key = $2, size_bytes = $3, uploaded_at = $4, uploaded_by = $5`,
    [report.booking, report.key, report.size, now, report.uploadedBy],
  );
}

/** The owner's release: the first stands, with who gave it. */
export async function releaseReport(tx: Queryable, booking: string, by: string, now: string): Promise<void> {
  await tx.query(
    `UPDATE reports SET released_at = coalesce(released_at, $2), released_by = coalesce(released_by, $3)
     WHERE booking = $1`,
    [booking, now, by],
  );
}

export async function recordDownload(db: Queryable, booking: string, who: Downloader, now: string): Promise<void> {
  await db.query("INSERT INTO report_downloads (booking, who, downloaded_at) VALUES ($1, $2, $3)", [booking, who, now]);
}

export type ReportWithDownloads = StoredReportRow & { downloads: Array<{ who: Downloader; at: string }> };

/** The bookings' reports, each with its downloads in the order they were made, as a read to run with others (one-trip.ts). */
export const reportsWithDownloadsRead = (bookings: readonly string[]): Read<ReportWithDownloads[]> => ({
  sql: `SELECT r.*, (SELECT json_agg(json_build_object('who', d.who, 'at', d.downloaded_at) ORDER BY d.downloaded_at)
                  FROM report_downloads AS d WHERE d.booking = r.booking) AS downloads
     FROM reports AS r WHERE r.booking = ANY($1)`,
  params: [bookings],
  rows: (rows) =>
    (rows as Array<ReportRow & { downloads: Array<{ who: Downloader; at: string }> | null }>).map((row) => ({
      ...fromRow(row),
      downloads: (row.downloads ?? []).map((each) => ({ who: each.who, at: iso(each.at) })),
    })),
});

/** The bookings' reports, each with its downloads in the order they were made, in one query. */
export async function reportsWithDownloads(db: Queryable, bookings: readonly string[]): Promise<ReportWithDownloads[]> {
  return bookings.length ? runRead(db, reportsWithDownloadsRead(bookings)) : [];
}

/**
 * Lets go of the reports kept with nothing: neither their booking nor a signed agreement of it is
 * kept any longer (a signed agreement outlives its booking, and its report with it). Their files
 * are listed as gone, to be deleted from the store after the transaction; returns how many.
 */
export async function letGoOfOrphanReports(tx: Queryable, now: string): Promise<number> {
  const rows = await tx.query<{ count: number }>(
    `WITH gone AS (
       DELETE FROM reports AS r
       WHERE NOT EXISTS (SELECT 1 FROM bookings AS b WHERE b.reference = r.booking)
         AND NOT EXISTS (SELECT 1 FROM agreements AS a WHERE a.booking = r.booking)
       RETURNING object_key),
     listed AS (
       INSERT INTO report_objects_gone (object_key, gone_at) SELECT object_key, $1 FROM gone
       ON CONFLICT (object_key) DO NOTHING RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [now],
  );
  return rows[0]?.count ?? 0;
}

export async function goneObjects(db: Queryable): Promise<string[]> {
  return (await db.query<{ object_key: string }>("SELECT object_key FROM report_objects_gone ORDER BY gone_at")).map(
    (row) => row.object_key,
  );
}

export async function forgetGoneObject(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM report_objects_gone WHERE object_key = $1", [key]);
}
