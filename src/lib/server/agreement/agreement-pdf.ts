/**
 * The signed agreement as a PDF, drawn with pdf-lib: plain JavaScript with no native part (the
 * functions run on Netlify as well as here), small beside a React renderer, and it draws exactly
 * the text signed.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import { business } from "../../business-data";
import { agreementBlocks } from "../../booking/agreement-text";
import { MARYLAND, rfc3339 } from "../../booking/local-time";
import { longDate } from "../../format";
import { agreementTitle, signatureLines, signedByText } from "./agreement";
import type { SignedAgreement } from "./agreement-queries";

const PAGE = { width: 612, height: 792, margin: 60 };

/** The text as the standard font can draw it: a character it has no glyph for becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const glyphs = new Set(font.getCharacterSet());
  return [...text].map((char) => (glyphs.has(char.codePointAt(0)!) ? char : "?")).join("");
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The signed agreement as a PDF: the text as signed, then who signed it, when, and its hash. */
export async function agreementPdf(agreement: SignedAgreement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const signedAt = new Date(agreement.signedAt);
  pdf.setTitle(`${agreementTitle}: ${agreement.booking}`);
  pdf.setAuthor(business.name);
  pdf.setSubject(`Signed ${drawable(regular, signedByText(agreement))}`);
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  type Style = { font?: PDFFont; size?: number; indent?: number; gap?: number };
  const linesOf = (text: string, { font = regular, size = 10.5, indent = 0 }: Style) =>
    wrap(font, size, drawable(font, text), width - indent);
  const heightOf = (text: string, style: Style) =>
    linesOf(text, style).length * (style.size ?? 10.5) * 1.35 + (style.gap ?? 6);
  const draw = (text: string, style: Style = {}) => {
    const { font = regular, size = 10.5, indent = 0, gap = 6 } = style;
    for (const line of linesOf(text, style)) {
      if (y - size < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= size * 1.35;
      page.drawText(line, { x: PAGE.margin + indent, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    }
    y -= gap;
  };
  const blocks = agreementBlocks(agreement.body);
  const styleOf = (block: (typeof blocks)[number]): Style =>
    block.kind === "heading"
      ? { font: bold, size: y === PAGE.height - PAGE.margin ? 16 : 12 }
      : block.kind === "item"
        ? { indent: 12, gap: 2 }
        : {};
  const textOf = (block: (typeof blocks)[number]) => (block.kind === "item" ? `-  ${block.text}` : block.text);
  const signature = signatureLines(agreement).map((line) => ({
    line,
    style: { font: line.startsWith("Signed") ? bold : regular, gap: 1 },
  }));
  const SIGNATURE_SPACE = 12;
  const signatureHeight = SIGNATURE_SPACE + signature.reduce((sum, { line, style }) => sum + heightOf(line, style), 0);
  blocks.forEach((block, index) => {
    // The signature block is kept whole on one page, and with the text's last paragraph: a page
    // with only its last lines reads as unsigned, and a page with only the signature as detached.
    if (index === blocks.length - 1) {
      const tail = heightOf(textOf(block), styleOf(block)) + signatureHeight;
      if (y - tail < PAGE.margin && tail < PAGE.height - 2 * PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
    }
    draw(textOf(block), styleOf(block));
  });
  y -= SIGNATURE_SPACE;
  if (y - signatureHeight + SIGNATURE_SPACE < PAGE.margin) {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  }
  for (const { line, style } of signature) draw(line, style);
  // Each page names its booking, the day it was signed and its place, so a printed page is never
  // taken for another's, and the first page dates the agreement without turning to the last.
  const pages = pdf.getPages();
  const signedOn = longDate(rfc3339(signedAt.getTime(), MARYLAND).slice(0, 10));
  pages.forEach((each, index) =>
    each.drawText(
      `${agreement.booking}, version ${agreement.version}, signed ${signedOn}: page ${index + 1} of ${pages.length}`,
      {
        x: PAGE.margin,
        y: PAGE.margin / 2,
        size: 8,
        font: regular,
        color: rgb(0.35, 0.35, 0.4),
      },
    ),
  );
  return pdf.save({ useObjectStreams: false });
}
