/** @jest-environment node */
/**
 * The signed agreement's PDF read back by pdf.js (tests/support/pdf-text.ts), page by page: whatever the length of
 * the text, its last page holds the end of the text with the whole signature, and every page
 * (the first included) names the booking and the day it was signed.
 */
import { pdfPages } from "../../../../tests/support/pdf-text";
import { agreementPdf } from "./agreement-pdf";

function signedPdf(paragraphs: number): Promise<Uint8Array> {
  const body = [
    "# Inspection Agreement",
    ...Array.from(
      { length: paragraphs },
      (_, index) =>
        `Paragraph ${index + 1}. The inspection is a visual examination of the readily accessible parts of the home on the day.`,
    ),
  ].join("\n\n");
  return agreementPdf({
    booking: "SR-20261203-7KQ4M2",
    terms: "terms",
    version: "71de61f751ff",
    body,
    bodySha256: "0".repeat(64),
    signerName: "Somebody Else",
    clientName: "Casey Otherbuyer",
    signedAt: "2026-11-26T14:30:00.000Z",
    clientAddress: null,
    userAgent: null,
  });
}

it("keeps the signature whole and with the end of the text, and dates every page", async () => {
  let sawSecondPage = false;
  const lengths = Array.from({ length: 31 }, (_, index) => 10 + index);
  // One reader for every PDF: starting pdf.js once per PDF would take seconds.
  const read = pdfPages(await Promise.all(lengths.map(signedPdf)));
  lengths.forEach((paragraphs, at) => {
    const pages = read[at]!;
    sawSecondPage ||= pages.length > 1;
    const last = pages.at(-1)!;
    expect([paragraphs, last.includes(`Paragraph ${paragraphs}.`)]).toEqual([paragraphs, true]);
    expect(last).toContain("Signed electronically for Casey Otherbuyer by Somebody Else");
    expect(last).toContain("SHA-256 of the text signed");
    pages.forEach((page, index) =>
      expect(page).toContain(
        `SR-20261203-7KQ4M2, version 71de61f751ff, signed November 26, 2026: page ${index + 1} of ${pages.length}`,
      ),
    );
  });
  // The lengths tried cross a page's end.
  expect(sawSecondPage).toBe(true);
});
