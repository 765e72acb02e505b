/**
 * Reports in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2), addressed path-style
 * (`<endpoint>/<bucket>/<key>`, which all three take), every request signed with AWS Signature
 * Version 4 by aws4fetch; the browser's links are presigned (the signature in the query, with
 * X-Amz-Expires), so the bucket stays private and the file never passes through a function.
 */
import { AwsClient } from "aws4fetch";
import { DOWNLOAD_LINK_SECONDS, PDF_MAGIC, UPLOAD_LINK_SECONDS, type ReportStore } from "./report-store";

/** 20260102T030405Z: the form a signature's date takes. */
const amzDate = (now: number) => new Date(now).toISOString().replace(/[:-]|\.\d{3}/g, "");

/** The bucket the settings name, or null: on Netlify the only store there can be (deploy-store.ts). */
export const bucketStore = (env: NodeJS.ProcessEnv): ReportStore | null =>
  env.REPORTS_S3_BUCKET?.trim() ? s3ReportStore(env) : null;

const regionOf = (env: NodeJS.ProcessEnv) => env.REPORTS_S3_REGION?.trim() || "us-east-1";

/** The S3 service the settings name, without a trailing slash: REPORTS_S3_ENDPOINT, or AWS's in the region. */
export const bucketEndpoint = (env: NodeJS.ProcessEnv): string =>
  (env.REPORTS_S3_ENDPOINT?.trim() || `https://s3.${regionOf(env)}.amazonaws.com`).replace(/\/+$/, "");

/**
 * The origin the desk's browser sends reports to, other than the site's own: the bucket's, where
 * one is set (its links are path-style, `<endpoint>/<bucket>/<key>`, so the endpoint's origin), or
 * null where reports go to the site itself. The desk's Content-Security-Policy names it, or the
 * browser refuses the upload: in the _headers the build writes (gatsby/post-build.ts) and, from
 * the settings it starts with, on the one-machine server (src/serve/serve.ts). Kept here, with
 * what it needs only, so the server that serves the pages loads none of the functions' code.
 */
export function reportBucketOrigin(env: NodeJS.ProcessEnv): string | null {
  if (!env.REPORTS_S3_BUCKET?.trim()) return null;
  const endpoint = bucketEndpoint(env);
  try {
    return new URL(endpoint).origin;
  } catch {
    throw new Error(
      `REPORTS_S3_ENDPOINT is not an address (${JSON.stringify(endpoint)}): the desk could not send reports to it. \`npm run check:settings\` says how it should look.`,
    );
  }
}

export function s3ReportStore(env: NodeJS.ProcessEnv): ReportStore {
  const region = regionOf(env);
  const endpoint = bucketEndpoint(env);
  const bucket = env.REPORTS_S3_BUCKET!.trim();
  const client = new AwsClient({
    accessKeyId: env.REPORTS_S3_ACCESS_KEY_ID?.trim() ?? "",
    secretAccessKey: env.REPORTS_S3_SECRET_ACCESS_KEY?.trim() ?? "",
    service: "s3",
    region,
  });
  /** "/<bucket>/<key>", encoded: the object's path under the endpoint, and the source CopyObject names. */
  const objectPath = (key: string) =>
    `/${encodeURIComponent(bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const objectUrl = (key: string) => `${endpoint}${objectPath(key)}`;

  async function presigned(method: string, url: URL, seconds: number, now: number): Promise<string> {
    url.searchParams.set("X-Amz-Expires", String(seconds));
    const signed = await client.sign(url.toString(), {
      method,
      aws: { signQuery: true, datetime: amzDate(now) },
    });
    return signed.url;
  }

  return {
    uploadLink: (key, now) => presigned("PUT", new URL(objectUrl(key)), UPLOAD_LINK_SECONDS, now),
    downloadLink(key, fileName, now) {
      const url = new URL(objectUrl(key));
      url.searchParams.set("response-content-disposition", `attachment; filename="${fileName}"`);
      url.searchParams.set("response-content-type", "application/pdf");
      return presigned("GET", url, DOWNLOAD_LINK_SECONDS, now);
    },
    async stat(key) {
      const head = await client.fetch(objectUrl(key), { method: "HEAD" });
      if (head.status === 404) return null;
      if (!head.ok) throw new Error(`the report store answered ${head.status} to HEAD ${key}`);
      const first = await client.fetch(objectUrl(key), {
        headers: { Range: `bytes=0-${PDF_MAGIC.length - 1}` },
      });
      if (!first.ok) throw new Error(`the report store answered ${first.status} to GET ${key}`);
      return {
        size: Number(head.headers.get("content-length") ?? 0),
        contentType: head.headers.get("content-type"),
        head: Buffer.from(await first.arrayBuffer()).subarray(0, PDF_MAGIC.length),
      };
    },
    async copy(from, to) {
      // CopyObject: the bucket copies the object itself, type included; the file never passes through here.
      const answer = await client.fetch(objectUrl(to), {
        method: "PUT",
        headers: { "x-amz-copy-source": objectPath(from) },
      });
      if (answer.status === 404) return false;
      // S3 may answer 200 and report a copy that failed in the body.
      const text = await answer.text();
      if (!answer.ok || text.includes("<Error>"))
        throw new Error(`the report store answered ${answer.status} to copying ${from}: ${text.slice(0, 200)}`);
      return true;
    },
    async remove(key) {
      const answer = await client.fetch(objectUrl(key), { method: "DELETE" });
      if (!answer.ok && answer.status !== 404)
        throw new Error(`the report store answered ${answer.status} to DELETE ${key}`);
    },
  };
}
