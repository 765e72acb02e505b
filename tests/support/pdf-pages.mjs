/**
 * The pages of PDFs as a reader shows them, by Mozilla's pdf.js: reads a JSON array of PDFs in
 * base64 on stdin and writes a JSON array of each one's pages, each page as its text and as its
 * lines from top to bottom (the pieces of text at one height, left to right). A program of its
 * own, run by `pdf-text.ts`, because pdf.js is an ES module and the unit tests' Jest loads
 * CommonJS only.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The lines of a page as the eye reads them: by height on the page (top first), then from the left. */
function linesOf(items) {
  const rows = new Map();
  for (const item of items) {
    if (!("str" in item) || !item.str.trim()) continue;
    const [, , , , x, y] = item.transform;
    const key = Math.round(y);
    rows.set(key, [...(rows.get(key) ?? []), { x, str: item.str }]);
  }
  return [...rows.entries()]
    .sort(([above], [below]) => below - above)
    .map(([, pieces]) =>
      pieces
        .sort((left, right) => left.x - right.x)
        .map((piece) => piece.str)
        .join(" "),
    );
}

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
    pages.push({
      text: items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""),
      lines: linesOf(items),
    });
  }
  await document.destroy();
  return pages;
}

let input = "";
for await (const chunk of process.stdin) input += chunk;
const answer = [];
for (const base64 of JSON.parse(input)) answer.push(await pagesOf(base64));
process.stdout.write(JSON.stringify(answer));
