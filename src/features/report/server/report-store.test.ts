/**
 * @jest-environment node
 */
import { bookingOfKey, bookingOfUpload, newReportKey, newUploadKey, reportMaxBytes } from "./report-store";

const REFERENCE = "SR-20261206-ABC123";

describe("a report's keys", () => {
  it("keeps an upload's key apart from every kept report's, so no upload link ever names a kept file", () => {
    const upload = newUploadKey(REFERENCE);
    const kept = newReportKey(REFERENCE);
    expect(upload).toMatch(/^uploads\/SR-20261206-ABC123\/[A-Za-z0-9_-]{22}\.pdf$/);
    expect(bookingOfUpload(upload)).toBe(REFERENCE);
    expect(bookingOfKey(upload)).toBeNull();
    expect(bookingOfKey(kept)).toBe(REFERENCE);
    expect(bookingOfUpload(kept)).toBeNull();
  });

  it("names nothing for a key the site never made", () => {
    for (const key of [`../${REFERENCE}/x.pdf`, `uploads/${REFERENCE}/../../etc/passwd`, "", null, 42]) {
      expect(bookingOfKey(key)).toBeNull();
      expect(bookingOfUpload(key)).toBeNull();
    }
  });
});

describe("the largest report taken", () => {
  it("is 100 MB unless REPORTS_MAX_MB says otherwise, in whole megabytes", () => {
    expect(reportMaxBytes({})).toBe(100 * 1024 * 1024);
    expect(reportMaxBytes({ REPORTS_MAX_MB: " 150 " })).toBe(150 * 1024 * 1024);
    // Written wrong (npm run check:settings and the build's log say so): the default stands.
    expect(reportMaxBytes({ REPORTS_MAX_MB: "100MB" })).toBe(100 * 1024 * 1024);
  });
});
