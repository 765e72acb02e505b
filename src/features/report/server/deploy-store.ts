/**
 * The report store of this deploy: with REPORTS_S3_BUCKET and its key set, an S3-compatible bucket
 * (AWS S3, Cloudflare R2, Backblaze B2: s3-store.ts); else, on one machine, the data folder
 * (local-store.ts). On Netlify without a bucket there is none: a function's disk does not last.
 */
import { onNetlify } from "../../../lib/server/deploy/deploy-context";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { localReportStore } from "./local-store";
import type { ReportStore } from "./report-store";
import { bucketStore } from "./s3-store";

/** What the desk says on a deploy where reports cannot be kept. */
export const REPORTS_OFF =
  "Reports are not switched on for this site: set REPORTS_S3_BUCKET, REPORTS_S3_ACCESS_KEY_ID and REPORTS_S3_SECRET_ACCESS_KEY (and REPORTS_S3_ENDPOINT for R2 or B2) in Netlify's environment variables, with the bucket's CORS rule, as docs/deploy.md says, then deploy again.";

/** The store this deploy keeps reports in, or null where it has none. */
export function reportStore(env: NodeJS.ProcessEnv = runtimeEnv()): ReportStore | null {
  return bucketStore(env) ?? (onNetlify(env) ? null : localReportStore(env));
}
