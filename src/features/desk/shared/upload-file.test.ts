import { uploadRefusal } from "./upload-file";

const SITE = "https://www.example.com";
const toBucket = { toBucket: true, site: SITE };
/** An S3 error answer, as a bucket writes one. */
const s3 = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

describe("why an upload did not go, in the owner's words", () => {
  it("says a bucket the browser could not send to needs its CORS rule to name this site", () => {
    const said = uploadRefusal({ status: 0, body: "" }, toBucket);
    expect(said).toMatch(
      /^The bucket did not let this page send the report\. Its CORS rule must name this site's address, https:\/\/www\.example\.com,/,
    );
    expect(said).toContain("docs/deploy.md, Inspection reports, step 3");
    expect(uploadRefusal({ status: 0, body: "" }, { toBucket: false, site: SITE })).toMatch(/check the connection/);
  });

  it("says the key is wrong when the bucket does not know it or its signature", () => {
    for (const code of ["InvalidAccessKeyId", "SignatureDoesNotMatch"]) {
      expect(uploadRefusal({ status: 403, body: s3(code, "…") }, toBucket)).toMatch(
        /^The bucket refused the site's key \(\w+\): REPORTS_S3_ACCESS_KEY_ID or REPORTS_S3_SECRET_ACCESS_KEY/,
      );
    }
  });

  it("tells an expired link from a key that may not write", () => {
    expect(uploadRefusal({ status: 403, body: s3("AccessDenied", "Request has expired") }, toBucket)).toMatch(
      /^The upload link expired/,
    );
    expect(uploadRefusal({ status: 403, body: s3("AccessDenied", "Access Denied") }, toBucket)).toMatch(
      /it may not write to this bucket/,
    );
  });

  it("names a missing bucket, and any other refusal with its code and the bucket's words", () => {
    expect(uploadRefusal({ status: 404, body: s3("NoSuchBucket", "x") }, toBucket)).toMatch(/no bucket named/);
    expect(
      uploadRefusal({ status: 503, body: s3("SlowDown", "Please reduce your request rate &amp; retry.") }, toBucket),
    ).toBe("The bucket refused the report (503, SlowDown: Please reduce your request rate & retry.).");
  });

  it("passes on the site's own store's sentence as it is", () => {
    expect(
      uploadRefusal({ status: 413, body: "A report can be at most 100 MB." }, { toBucket: false, site: SITE }),
    ).toBe("A report can be at most 100 MB.");
    expect(uploadRefusal({ status: 410, body: "" }, { toBucket: false, site: SITE })).toBe(
      "The store answered 410: upload again.",
    );
  });
});
