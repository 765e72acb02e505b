/**
 * A real S3-compatible server on loopback (s3rver) as the report bucket, with the CORS rule
 * docs/deploy.md gives the owner, for the origins that send reports to it. It takes its own
 * default key (S3RVER / S3RVER) and checks every signature and a presigned link's expiry; it may
 * let an unsigned request through, so tests prove the site's gate, not the bucket's privacy.
 */
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../src/serve/net";

export const REPORTS_BUCKET = "reports";

/** The bucket's CORS rule: the site's origins may PUT and GET, with any header (docs/deploy.md). */
export const corsRule = (origins: readonly string[]) =>
  `<CORSConfiguration>${origins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join("")}</CORSConfiguration>`;

export interface ReportBucket {
  /** The site's settings for this bucket (REPORTS_S3_*). */
  env: Record<string, string>;
  /** The keys stored in the bucket now. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function startReportBucket(origins: readonly string[]): Promise<ReportBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), "report-bucket-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: REPORTS_BUCKET, configs: [corsRule(origins)] }],
  });
  await server.run();
  return {
    env: {
      REPORTS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      REPORTS_S3_BUCKET: REPORTS_BUCKET,
      REPORTS_S3_REGION: "us-east-1",
      REPORTS_S3_ACCESS_KEY_ID: "S3RVER",
      REPORTS_S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    // s3rver keeps each object as a folder of files under its key; the report's is named `<key>._S3rver_object`.
    keys: async () =>
      (await readdir(path.join(directory, REPORTS_BUCKET), { recursive: true }))
        .map(String)
        .filter((name) => name.endsWith("._S3rver_object"))
        .map((name) => name.replace(/\._S3rver_object$/, "")),
    stop: () => server.close(),
  };
}
