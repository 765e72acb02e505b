/**
 * Sends a file to an upload link with PUT, reporting progress as it goes, and says in the owner's
 * words why a store refused it. XMLHttpRequest rather than fetch: fetch tells nothing of an
 * upload's progress, and a 50 MB report from a phone takes long enough that the owner must see it
 * move. A bucket answers in S3's XML (`<Error><Code>…`); the site's own store in a sentence.
 */

/** Where the settings and the bucket's rules are explained to the owner. */
const GUIDE = "docs/deploy.md, Inspection reports";

/** A refused upload, its message already in the owner's words. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** What the store's answer said: S3's error code and message, or the sentence of the site's own store. */
function answerOf(body: string): { code: string | null; text: string } {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? null;
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  const text = code ? (message ?? "").replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!) : body;
  return { code, text: text.trim() };
}

/**
 * Why the upload did not go, in the owner's words. Status 0 is the browser refusing to send or to
 * read the answer, which it explains to no page: to a bucket, it means the bucket's CORS rule does
 * not name this site (the browser asks the bucket before it sends) or the connection dropped; to
 * the site itself, the connection.
 */
export function uploadRefusal(
  { status, body }: { status: number; body: string },
  where: { toBucket: boolean; site: string },
): string {
  if (status === 0) {
    return where.toBucket
      ? `The bucket did not let this page send the report. Its CORS rule must name this site's address, ${where.site}, with PUT and GET (${GUIDE}, step 3). If it does, the connection dropped: check it and upload again.`
      : "The upload stopped before the site had the file: check the connection and upload again.";
  }
  const { code, text } = answerOf(body);
  if (code === "InvalidAccessKeyId" || code === "SignatureDoesNotMatch") {
    return `The bucket refused the site's key (${code}): REPORTS_S3_ACCESS_KEY_ID or REPORTS_S3_SECRET_ACCESS_KEY is not a key of this bucket's account. Copy both again from the storage provider into the site's settings (${GUIDE}, steps 2 and 4), deploy again, then upload again.`;
  }
  if (code === "AccessDenied" && /expired/i.test(text)) {
    return "The upload link expired before the upload began: upload again, which asks for a new one.";
  }
  if (code === "AccessDenied") {
    return `The bucket refused the site's key: it may not write to this bucket. Give the key read, write and delete on the bucket (${GUIDE}, step 2), then upload again.`;
  }
  if (code === "NoSuchBucket") {
    return `There is no bucket named REPORTS_S3_BUCKET at REPORTS_S3_ENDPOINT: check both in the site's settings (${GUIDE}, step 4).`;
  }
  if (code === "EntityTooLarge" || status === 413) {
    return text && !code ? text : "The file is larger than the store takes: upload a smaller PDF.";
  }
  if (code) return `The bucket refused the report (${status}, ${code}${text ? `: ${text}` : ""}).`;
  return text || `The store answered ${status}: upload again.`;
}

export function uploadFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  const toBucket = new URL(url, window.location.href).origin !== window.location.origin;
  const refused = (status: number, body: string) =>
    new UploadRefused(uploadRefusal({ status, body }, { toBucket, site: window.location.origin }));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", contentType);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(refused(request.status, request.responseText));
    request.onerror = () => reject(refused(0, ""));
    request.send(file);
  });
}
