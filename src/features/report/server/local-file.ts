/**
 * /api/report-file: the one-machine server's stand-in for a bucket (local-store.ts), reached only by the links
 * that store makes. PUT ?token= takes a report's PDF (at most REPORTS_MAX_MB) to an upload not yet attached;
 * GET ?token= streams a kept report back as an attachment. A forged link is answered 403, an expired one 410,
 * and so is an upload link once its upload is attached.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { checkPurposeToken, linkSecret } from "../../booking/server";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readQuery } from "../../../lib/server/http/read-query";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { reportFileName } from "./report-file-name";
import { localReportFile, type LocalLinkPurpose } from "./local-store";
import { bookingOfKey, bookingOfUpload, megabytesText, reportMaxBytes } from "./report-store";
import { uploadPending } from "./report-uploads";

const NOT_OURS = "This link is not one of ours.";

function keyOf(token: unknown, purpose: LocalLinkPurpose, now: number): string {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, NOT_OURS);
  const check = checkPurposeToken(secret, purpose, token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, "This link has expired: open the report again from its page.")
      : new HttpError(403, NOT_OURS);
  }
  const keyMatches = purpose === "report-upload" ? bookingOfUpload : bookingOfKey;
  if (!keyMatches(check.subject)) throw new HttpError(403, NOT_OURS);
  return check.subject;
}

/**
 * Passes the bytes on until there are more than `limit`, then drops the rest and ends what it
 * passes on: the body is still read to its end, so the connection stays sound for the answer.
 */
const atMost = (limit: number) => {
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const before = size;
      size += chunk.length;
      if (size <= limit) return done(null, chunk);
      if (before <= limit) this.push(null);
      done();
    },
  });
  return { limiter, over: () => size > limit };
};

async function receive(req: GatsbyFunctionRequest, key: string, now: Date): Promise<void> {
  const limit = reportMaxBytes();
  const tooLarge = () => new HttpError(413, `A report can be at most ${megabytesText(limit)}.`);
  if (!/^application\/pdf\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    throw new HttpError(415, "Send the report as a PDF, with Content-Type: application/pdf.");
  }
  if (Number(req.headers["content-length"] ?? 0) > limit) throw tooLarge();
  // An upload link sends one file, once: after its upload is attached (or a day on) it takes nothing.
  const db = await databaseOr503(business.phone);
  if (!(await uploadPending(db, key, now))) {
    throw new HttpError(410, "This upload link has been used: ask the desk for a new one by uploading again.");
  }
  const file = localReportFile(runtimeEnv(), key);
  const part = `${file}.${randomBytes(6).toString("hex")}.part`;
  await mkdir(path.dirname(file), { recursive: true });
  const { limiter, over } = atMost(limit);
  try {
    await pipeline(req, limiter, createWriteStream(part, { flags: "wx" }));
    if (over()) throw tooLarge();
    // Written under another name and renamed when whole, so a broken upload never passes for a file.
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

async function send(res: GatsbyFunctionResponse, key: string): Promise<void> {
  const file = localReportFile(runtimeEnv(), key);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new HttpError(404, "This report is no longer kept.");
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Length", String(found.size));
  res.setHeader("Content-Disposition", `attachment; filename="${reportFileName(bookingOfKey(key)!)}"`);
  res.status(200);
  await pipeline(createReadStream(file), res);
}

export async function localFileHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const query = readQuery(req);
    const now = Date.now();
    if (req.method === "PUT") {
      await receive(req, keyOf(query.token, "report-upload", now), new Date(now));
      res.status(200).json({ stored: true });
      return;
    }
    if (req.method === "GET") return await send(res, keyOf(query.token, "report-download", now));
    throw new HttpError(405, "This address answers GET and PUT.", { Allow: "GET, PUT" });
  } catch (error) {
    // What was sent and not read is drained, so the answer reaches the browser.
    if (!req.readableEnded) req.resume();
    sendFailure(res, error, "report-file", "Something went wrong on our side. Please try again.");
  }
}
