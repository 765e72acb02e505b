/**
 * Where inspection reports are kept: one interface (ReportStore), two stores, chosen per deploy
 * (deploy-store.ts). The browser sends the file straight to the store by a short-lived upload link
 * and fetches it by a short-lived download link: a Netlify function takes at most 6 MB a request,
 * and a report with photos is 30-50 MB, so the file never passes through one.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_REPORTS_MAX_MB } from "../../../lib/server/deploy/owner-settings";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";

/** What the store says of a stored file: enough to confirm it is the PDF the desk sent. */
export interface StoredReport {
  size: number;
  contentType: string | null;
  /** Its first bytes: a PDF begins "%PDF-". */
  head: Buffer;
}

export interface ReportStore {
  /** An address the browser PUTs the file to (Content-Type: application/pdf), working for UPLOAD_LINK_SECONDS. */
  uploadLink(key: string, now: number): Promise<string>;
  /** An address the browser downloads the file from, working for DOWNLOAD_LINK_SECONDS. */
  downloadLink(key: string, fileName: string, now: number): Promise<string>;
  /** The stored file, or null when there is none under `key`. */
  stat(key: string): Promise<StoredReport | null>;
  /**
   * Puts the file under `from` under `to` as well, or answers false when there is none under `from`:
   * a bucket copies it (CopyObject), the data folder renames it.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes the file; deleting one that is not there is no error. */
  remove(key: string): Promise<void>;
}

/**
 * How long an upload link works: 15 minutes. A bucket checks a presigned link as the upload
 * begins, and a transfer under way goes on past its end (so does local-file.ts), so this bounds
 * how long a link can start one, not how long the file may take; and 50 MB at 0.5 Mbit/s, a weak
 * phone signal's upload, takes 14 minutes, so a store that checked at the end would still take it.
 */
export const UPLOAD_LINK_SECONDS = 15 * 60;
/** Long enough to start the download: a link passed on stops working within minutes. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
/** An upload not attached within this is swept from the store (report-uploads.ts). */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
/** The first bytes of every PDF. */
export const PDF_MAGIC = "%PDF-";

/**
 * The largest report the desk takes, in bytes: REPORTS_MAX_MB, or the default (owner-settings.ts,
 * whose check `npm run check:settings` and the build's log report a value written wrong with).
 */
export function reportMaxBytes(env: NodeJS.ProcessEnv = runtimeEnv()): number {
  const megabytes = Number(env.REPORTS_MAX_MB?.trim() || DEFAULT_REPORTS_MAX_MB);
  return (Number.isInteger(megabytes) && megabytes > 0 ? megabytes : DEFAULT_REPORTS_MAX_MB) * 1024 * 1024;
}

/** A size limit as the owner reads it: "100 MB". */
export const megabytesText = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const REFERENCE = "[A-Z]+-\\d{8}-[0-9A-Z]+";
const RANDOM = "[A-Za-z0-9_-]{22}\\.pdf";
/** A kept report's name: its booking, then a random part, so an old link never reaches a new file. */
const KEY = new RegExp(`^(${REFERENCE})/${RANDOM}$`);
/** An upload's name: apart from every kept report's, so no upload link ever names a kept file. */
const UPLOAD_KEY = new RegExp(`^uploads/(${REFERENCE})/${RANDOM}$`);

const randomName = () => `${randomBytes(16).toString("base64url")}.pdf`;

/** The key a report is kept under once attached: no upload link is ever made for one. */
export const newReportKey = (reference: string) => `${reference}/${randomName()}`;

/** The key the desk's browser sends a report to, by the one link made for it. */
export const newUploadKey = (reference: string) => `uploads/${reference}/${randomName()}`;

/** The booking a kept report's key belongs to, or null for a key this site never made for one. */
export const bookingOfKey = (key: unknown): string | null => (typeof key === "string" && KEY.exec(key)?.[1]) || null;

/** The booking an upload's key belongs to, or null for a key this site never made for one. */
export const bookingOfUpload = (key: unknown): string | null =>
  (typeof key === "string" && UPLOAD_KEY.exec(key)?.[1]) || null;
