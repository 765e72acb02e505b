/**
 * A real S3-compatible server on loopback (s3rver) as the report bucket, with the CORS rule
 * docs/deploy.md gives the owner, for the origins that send reports to it. It takes its own
 * default key (S3RVER / S3RVER) and checks every signature and a presigned link's expiry; it may
 * let an unsigned request through, so tests prove the site's gate, not the bucket's privacy.
 */
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
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
  /** The bucket's address: its S3 endpoint, another origin than any site's. */
  endpoint: string;
  /** Gives the bucket the CORS rule for these origins, as the owner does in the provider's console, or takes its rule away (null). */
  allowOrigins: (origins: readonly string[] | null) => Promise<void>;
  /** The keys stored in the bucket now. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

/** `origins`: the CORS rule's from the start; an empty list starts the bucket with no rule. */
export async function startReportBucket(origins: readonly string[]): Promise<ReportBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), "report-bucket-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: REPORTS_BUCKET, configs: origins.length ? [corsRule(origins)] : [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const owner = new AwsClient({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER", service: "s3", region: "us-east-1" });
  return {
    env: {
      REPORTS_S3_ENDPOINT: endpoint,
      REPORTS_S3_BUCKET: REPORTS_BUCKET,
      REPORTS_S3_REGION: "us-east-1",
      REPORTS_S3_ACCESS_KEY_ID: "S3RVER",
      REPORTS_S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    endpoint,
    async allowOrigins(allowed) {
      const answer = await owner.fetch(`${endpoint}/${REPORTS_BUCKET}?cors`, {
        method: allowed ? "PUT" : "DELETE",
        ...(allowed ? { body: corsRule(allowed), headers: { "content-type": "application/xml" } } : {}),
      });
      if (!answer.ok) throw new Error(`The bucket answered ${answer.status} to its CORS rule: ${await answer.text()}`);
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
