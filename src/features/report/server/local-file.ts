/**
 * /api/report-file: the one-machine server's stand-in for a bucket (local-store.ts), reached only
 * by the links that store makes. PUT ?token= takes a report's PDF (Content-Type: application/pdf,
 * at most REPORT_MAX_BYTES) and streams it to disk, written under another name and renamed when
 * whole, so a broken upload never passes for a file; GET ?token= streams it back as an attachment.
 * A forged link is answered 403, an expired one 410.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { checkPurposeToken, linkSecret } from "../../booking/server/booking-links";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { reportFileName } from "./report-file-name";
import { localReportFile, type LocalLinkPurpose } from "./local-store";
import { bookingOfKey, REPORT_MAX_BYTES } from "./report-store";

function keyOf(token: unknown, purpose: LocalLinkPurpose, now: number): string {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  const check = checkPurposeToken(secret, purpose, token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, "This link has expired: open the report again from its page.")
      : new HttpError(403, "This link is not one of ours.");
  }
  if (!bookingOfKey(check.subject)) throw new HttpError(403, "This link is not one of ours.");
  return check.subject;
}

/** Passes the bytes on until there are more than `limit`, then fails the stream. */
const atMost = (limit: number) => {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? new HttpError(413, `A report can be at most ${limit / 1024 / 1024} MB.`) : null, chunk);
    },
  });
};

async function receive(req: GatsbyFunctionRequest, key: string): Promise<void> {
  if (!/^application\/pdf\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    throw new HttpError(415, "Send the report as a PDF, with Content-Type: application/pdf.");
  }
  if (Number(req.headers["content-length"] ?? 0) > REPORT_MAX_BYTES) {
    throw new HttpError(413, `A report can be at most ${REPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const file = localReportFile(runtimeEnv(), key);
  const part = `${file}.${randomBytes(6).toString("hex")}.part`;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(req, atMost(REPORT_MAX_BYTES), createWriteStream(part, { flags: "wx" }));
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
    const query = (req.query as Record<string, unknown> | undefined) ?? {};
    const now = Date.now();
    if (req.method === "PUT") {
      await receive(req, keyOf(query.token, "report-upload", now));
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
