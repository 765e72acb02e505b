/**
 * The pages of PDFs as a reader shows them, by Mozilla's pdf.js: reads a JSON array of PDFs in
 * base64 on stdin and writes a JSON array of each one's pages as text. A program of its own, run by
 * `pdf-text.ts`, because pdf.js is an ES module and the unit tests' Jest loads CommonJS only.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

async function pagesOf(base64) {
  const document = await getDocument({
    data: new Uint8Array(Buffer.from(base64, "base64")),
    // Errors only: pdf.js warns on stdout, where the answer goes.
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const { items } = await (await document.getPage(number)).getTextContent();
    pages.push(items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await document.destroy();
  return pages;
}

let input = "";
for await (const chunk of process.stdin) input += chunk;
const answer = [];
for (const base64 of JSON.parse(input)) answer.push(await pagesOf(base64));
process.stdout.write(JSON.stringify(answer));
