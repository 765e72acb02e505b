/**
 * The text of a PDF as a reader shows it, by Mozilla's pdf.js (a reader nobody here wrote, from npm),
 * whitespace collapsed: what the signed agreement's PDF says is checked with a program other than
 * the one that drew it. pdf.js runs in a process of its own (`pdf-pages.mjs`): it is an ES module,
 * which the unit tests' Jest cannot load, and this keeps the reading synchronous everywhere.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const READER = path.join(__dirname, "pdf-pages.mjs");

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** A page as pdf.js reads it: its text, and its lines from top to bottom. */
interface ReadPage {
  text: string;
  lines: string[];
}

function read(pdfs: Array<Uint8Array | string>): ReadPage[][] {
  const base64 = pdfs.map((pdf) => (typeof pdf === "string" ? pdf : Buffer.from(pdf).toString("base64")));
  const answer = execFileSync(process.execPath, [READER], {
    input: JSON.stringify(base64),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(answer) as ReadPage[][];
}

/** Each PDF's pages, as text with whitespace collapsed; several PDFs are read by one process. */
export function pdfPages(pdfs: Array<Uint8Array | string>): string[][] {
  return read(pdfs).map((pages) => pages.map((page) => collapse(page.text)));
}

/** Each PDF's pages, each as its lines from top to bottom (whitespace collapsed, empty lines left out). */
export function pdfPageLines(pdfs: Array<Uint8Array | string>): string[][][] {
  return read(pdfs).map((pages) => pages.map((page) => page.lines.map((line) => collapse(line).trim())));
}

/** The whole text of one PDF given in base64, its pages joined, whitespace collapsed. */
export function pdfText(base64: string): string {
  return collapse(pdfPages([base64])[0]!.join(" "));
}
