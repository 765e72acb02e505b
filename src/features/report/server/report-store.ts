/**
 * Where inspection reports are kept: one interface (ReportStore), two stores, chosen per deploy
 * (deploy-store.ts). The browser sends the file straight to the store by a short-lived upload link
 * and fetches it by a short-lived download link: a Netlify function takes at most 6 MB a request,
 * and a report with photos is 30-50 MB, so the file never passes through one.
 */
import { randomBytes } from "node:crypto";

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
  /** Deletes the file; deleting one that is not there is no error. */
  remove(key: string): Promise<void>;
}

/** Long enough for 50 MB over a slow phone connection. */
export const UPLOAD_LINK_SECONDS = 60 * 60;
/** Long enough to start the download: a link passed on stops working within minutes. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
/** The largest report taken: twice the largest seen with photos. */
export const REPORT_MAX_BYTES = 100 * 1024 * 1024;
/** The first bytes of every PDF. */
export const PDF_MAGIC = "%PDF-";

/** A stored report's name: its booking, then a random part, so an old link never reaches a new file. */
const KEY = /^([A-Z]+-\d{8}-[0-9A-Z]+)\/[A-Za-z0-9_-]{22}\.pdf$/;

export const newReportKey = (reference: string) => `${reference}/${randomBytes(16).toString("base64url")}.pdf`;

/** The booking a key belongs to, or null for a key this site never made. */
export const bookingOfKey = (key: unknown): string | null => (typeof key === "string" && KEY.exec(key)?.[1]) || null;
