/**
 * The text of a PDF as a reader shows it, by poppler's pdftotext (a reader nobody here wrote),
 * whitespace collapsed: what the signed agreement's PDF says is checked with a program other than
 * the one that drew it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function pdfText(base64: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pdf-text-")), "document.pdf");
  writeFileSync(file, Buffer.from(base64, "base64"));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}
