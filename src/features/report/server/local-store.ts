/**
 * Reports on one machine, with no bucket: files under the data folder (DATA_DIR/reports), sent
 * and fetched through the site's own server at /api/report-file (local-file.ts) by links signed
 * as a booking's are (booking-links.ts, a purpose's token naming the file), each working for the
 * same few minutes as a bucket's. The file is streamed to and from disk, never held whole.
 */
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { linkSecret, purposeToken } from "../../booking/server";
import { dataDir } from "../../../lib/server/db/database";
import {
  bookingOfKey,
  bookingOfUpload,
  DOWNLOAD_LINK_SECONDS,
  PDF_MAGIC,
  UPLOAD_LINK_SECONDS,
  type ReportStore,
} from "./report-store";

/** The two purposes of a local file's link: a link to send a file never fetches one, nor the other way. */
export type LocalLinkPurpose = "report-upload" | "report-download";

export const LOCAL_FILE_PATH = "/api/report-file";

/** Where a key's file lives (a kept report's or an upload's); only a key this site makes names one, so no key reaches outside the folder. */
export function localReportFile(env: NodeJS.ProcessEnv, key: string): string {
  if (!bookingOfKey(key) && !bookingOfUpload(key)) throw new Error(`${key} is not a report's key`);
  return path.join(dataDir(env), "reports", key);
}

function secretOf(env: NodeJS.ProcessEnv): string {
  const secret = linkSecret(env);
  if (!secret) throw new Error("this server has no link secret, so it cannot make a report's links");
  return secret;
}

export function localReportStore(env: NodeJS.ProcessEnv): ReportStore {
  const link = (purpose: LocalLinkPurpose, key: string, seconds: number, now: number) =>
    `${LOCAL_FILE_PATH}?token=${purposeToken(secretOf(env), purpose, key, now + seconds * 1000)}`;
  return {
    uploadLink: async (key, now) => link("report-upload", key, UPLOAD_LINK_SECONDS, now),
    downloadLink: async (key, _fileName, now) => link("report-download", key, DOWNLOAD_LINK_SECONDS, now),
    async stat(key) {
      const file = localReportFile(env, key);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      const handle = await open(file, "r");
      try {
        const head = Buffer.alloc(PDF_MAGIC.length);
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        // Only a PDF is taken in (local-file.ts refuses any other type).
        return { size: found.size, contentType: "application/pdf", head: head.subarray(0, bytesRead) };
      } finally {
        await handle.close();
      }
    },
    async copy(from, to) {
      // A rename: the upload's name then holds nothing, as it would once a bucket's copy is followed by its delete.
      const target = localReportFile(env, to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(localReportFile(env, from), target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async remove(key) {
      await rm(localReportFile(env, key), { force: true });
    },
  };
}
