/** @jest-environment node */
/**
 * The signed agreement's PDF read back by poppler's pdftotext, page by page: whatever the length of
 * the text, its last page holds the end of the text with the whole signature, and every page
 * (the first included) names the booking and the day it was signed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { agreementPdf } from "./agreement-pdf";

const folder = mkdtempSync(path.join(tmpdir(), "agreement-pdf-"));

async function pagesOf(paragraphs: number): Promise<string[]> {
  const body = [
    "# Inspection Agreement",
    ...Array.from(
      { length: paragraphs },
      (_, index) =>
        `Paragraph ${index + 1}. The inspection is a visual examination of the readily accessible parts of the home on the day.`,
    ),
  ].join("\n\n");
  const file = path.join(folder, `signed-${paragraphs}.pdf`);
  writeFileSync(
    file,
    await agreementPdf({
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
    }),
  );
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .split("\f")
    .filter((page) => page.trim());
}

it("keeps the signature whole and with the end of the text, and dates every page", async () => {
  let sawSecondPage = false;
  for (let paragraphs = 10; paragraphs <= 40; paragraphs += 1) {
    const pages = await pagesOf(paragraphs);
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
  }
  // The lengths tried cross a page's end.
  expect(sawSecondPage).toBe(true);
});
