/**
 * The report on the owner's desk (docs/booking.md, docs/desk.md): an upload link to a new key of the booking's
 * (`report-upload-link`), the browser's upload straight to the store, then `report-attach`, which copies it to a
 * key no link names and records the report only once that copy is a PDF within REPORTS_MAX_MB, e-mailing the
 * client (and the agent only where the client consented). `report-release` lets the client have it before
 * signing or paying; GET `report?reference=` downloads it for the owner. Both are recorded.
 */
import {
  findBooking,
  markReportDelivered,
  type Booking,
  linkSecret,
  reportLink,
  recordChange,
} from "../../booking/server";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { reportReadyMail } from "./report-emails";
import { reportFileName } from "./report-file-name";
import { findReport, recordDownload, releaseReport, storeReport } from "./report-queries";
import {
  bookingOfUpload,
  megabytesText,
  newReportKey,
  newUploadKey,
  PDF_MAGIC,
  reportMaxBytes,
  type ReportStore,
} from "./report-store";
import { markUploadAttached, recordUpload, uploadPending } from "./report-uploads";
import { REPORTS_OFF, reportStore } from "./deploy-store";
import { removeGoneObjects } from "./report-retention";

function storeOrRefuse(): ReportStore {
  const store = reportStore();
  if (!store) throw new HttpError(503, REPORTS_OFF);
  return store;
}

/** A confirmed booking whose visit has started: a short test's result can be handed over on site. */
async function visitedBooking(q: Queryable, reference: string, now: Date, forUpdate = false): Promise<Booking> {
  const booking = await findBooking(q, reference, forUpdate);
  if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
  if (booking.status !== "booked") throw new HttpError(409, "Only a confirmed booking's visit has a report.");
  if (Date.parse(booking.start) > now.getTime())
    throw new HttpError(409, "The visit has not started yet: its report cannot be attached.");
  return booking;
}

/** Where the desk's browser sends the file: a new upload key of the booking's, recorded as pending, and the store's link for it. */
export async function reportUploadLink(db: Database, reference: string, now: Date) {
  const store = storeOrRefuse();
  await visitedBooking(db, reference, now);
  const key = newUploadKey(reference);
  const url = await store.uploadLink(key, now.getTime());
  await recordUpload(db, key, reference, now);
  return { reference, key, url, maxBytes: reportMaxBytes() };
}

const NOT_RECEIVED = "The file did not reach the store: pick the report and upload it again.";

/** Why the stored file is not a report to hand over, or null. */
function notAReport(found: Awaited<ReturnType<ReportStore["stat"]>>, maxBytes: number): string | null {
  if (!found) return NOT_RECEIVED;
  if (found.size === 0) return "The file arrived empty: pick the report and upload it again.";
  if (found.size > maxBytes)
    return `The file is larger than ${megabytesText(maxBytes)}, the most a report may be (REPORTS_MAX_MB in the site's settings).`;
  if (!/^application\/pdf\s*(;|$)/i.test(found.contentType ?? "") || found.head.toString("latin1") !== PDF_MAGIC)
    return "The file is not a PDF: pick the report's PDF.";
  return null;
}

/**
 * Records the upload as the booking's report: copied to a key of its own (no link names it), and
 * recorded once that copy is there and a PDF within the size limit; the upload is then deleted.
 */
export async function attachReport(
  db: Database,
  { reference, key: upload }: { reference: string; key: string },
  now: Date,
  owner: string,
) {
  if (bookingOfUpload(upload) !== reference) throw new HttpError(400, "This file is not this booking's upload.");
  const store = storeOrRefuse();
  const secret = linkSecret();
  if (!secret) throw new HttpError(503, "This server cannot make the report's links: BOOKING_LINK_SECRET is not set.");
  if (!(await uploadPending(db, upload, now))) {
    throw new HttpError(
      409,
      "This upload was attached already, or is over a day old: pick the report and upload it again.",
    );
  }
  const key = newReportKey(reference);
  if (!(await store.copy(upload, key))) throw new HttpError(422, NOT_RECEIVED);
  const found = await store.stat(key);
  const problem = notAReport(found, reportMaxBytes());
  if (problem) {
    await store.remove(key);
    await store.remove(upload);
    throw new HttpError(422, problem);
  }
  const answer = await db
    .transaction(async (tx) => {
      const booking = await visitedBooking(tx, reference, now, true);
      if (!(await markUploadAttached(tx, upload, now))) {
        throw new HttpError(409, "This upload was attached already: the report is the one the desk shows.");
      }
      const nowIso = now.toISOString();
      const first = !(await findReport(tx, reference, true));
      await storeReport(tx, { booking: reference, key, size: found!.size, uploadedBy: owner }, nowIso);
      const reportDeliveredAt = await markReportDelivered(tx, reference, nowIso);
      // One e-mail per upload: a replaced report is announced again, with the same page.
      await recordChange(
        tx,
        `report-${key}`,
        booking,
        first ? "report delivered" : "report replaced",
        now,
        (_attendees, reader) =>
          reader === "client"
            ? reportReadyMail(booking, reportLink(secret, reference, now.getTime(), "client"), "client")
            : // The agreement shares the report with the agent only with the client's consent, kept
              // with the booking (given at booking or on the booking's page).
              booking.agentReportConsentAt
              ? reportReadyMail(booking, reportLink(secret, reference, now.getTime(), "agent"), "agent")
              : null,
        false,
      );
      return { reference, reportDeliveredAt, size: found!.size };
    })
    .catch(async (error: unknown) => {
      // Nothing names the copy: it goes, so no file is kept that no record knows.
      await store.remove(key).catch(() => undefined);
      throw error;
    });
  // The upload and a replaced file go from the store now; what the store did not delete is tried
  // again by the periodic pass (the upload) and the retention pass (the replaced file).
  await store
    .remove(upload)
    .catch((error: unknown) => console.error("[report] an upload could not be deleted yet:", (error as Error).message));
  await removeGoneObjects(db, store).catch((error: unknown) =>
    console.error("[report] a replaced file could not be deleted yet:", (error as Error).message),
  );
  return answer;
}

/** The owner lets the client have the report before signing or paying: recorded, who and when. */
export async function releaseReportAnyway(db: Database, reference: string, now: Date, owner: string) {
  return db.transaction(async (tx) => {
    const report = await findReport(tx, reference, true);
    if (!report) throw new HttpError(409, "This booking has no report yet: upload it first.");
    await releaseReport(tx, reference, owner, now.toISOString());
    const released = (await findReport(tx, reference))!.released!;
    return { reference, releasedAt: released.at, releasedBy: released.by };
  });
}

/** The owner's download: recorded, then the store's short-lived link. */
export async function ownerDownloadLink(db: Database, reference: string, now: Date): Promise<string> {
  const store = storeOrRefuse();
  const report = await findReport(db, reference);
  if (!report) throw new HttpError(404, "This booking has no report.");
  await recordDownload(db, reference, "owner", now.toISOString());
  return store.downloadLink(report.key, reportFileName(reference), now.getTime());
}
