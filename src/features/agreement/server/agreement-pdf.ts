/**
 * The signed agreement as a PDF, drawn with pdf-lib: plain JavaScript with no native part (the functions run on
 * Netlify as well as here), small beside a React renderer, and it draws exactly the text signed. The layout
 * keeps a heading with the start of its text, a paragraph's first lines together, and the last paragraph with
 * the whole signature.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { business } from "../../../lib/content/business-data";
import { agreementBlocks, type AgreementBlock } from "../shared/agreement-text";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { longDate } from "../../../lib/text/format";
import { agreementTitle, type AgreementVisit } from "./agreement";
import { signatureLines, signedByText, type SignedAgreement } from "../../signed-agreements/server";

const PAGE = { width: 612, height: 792, margin: 60 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = rgb(0.1, 0.1, 0.12);
const PANEL = rgb(0.94, 0.95, 0.96);
/** The lines of a paragraph that open a page's foot or a page's head together: never one alone. */
const KEPT_LINES = 2;

/** The visit as the first page states it: each fact under its label. */
const visitFacts = (visit: AgreementVisit, booking: string): Array<[label: string, value: string]> => [
  ["Inspection", `${bookedTimeText(visit.start)} (Maryland time)`],
  ["Property", visit.property],
  ["Client", visit.client],
  ["Booking", booking],
];

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

interface Line {
  text: string;
  font: PDFFont;
  size: number;
  indent: number;
  /** Drawn in bold before the text, on its first line ("Property: "). */
  label?: string;
}

/** A block as laid out: its lines, the space before and after it, and what it is kept with. */
interface Laid {
  lines: Line[];
  before: number;
  after: number;
  /** Kept whole on one page (the signature, and the text's last paragraph with it). */
  whole: boolean;
  /** Kept on the page where what follows it starts (a heading, the last paragraph). */
  withNext: boolean;
  /** Drawn on a shaded panel (the visit). */
  panel?: boolean;
}

const lineHeight = (line: Line) => line.size * 1.35;
const heightOf = (lines: readonly Line[]) => lines.reduce((sum, line) => sum + lineHeight(line), 0);

/**
 * The height that must fit below the current line for block `index` to start on this page: the
 * block's first lines (all of it when kept whole), and, where it is kept with the next, the
 * next's start too. A page's foot thus never ends with a heading, and a paragraph never leaves a
 * single line behind.
 */
function startHeight(laid: readonly Laid[], index: number): number {
  const block = laid[index]!;
  const own = block.whole || block.withNext ? block.lines : block.lines.slice(0, KEPT_LINES);
  const next = block.withNext && index + 1 < laid.length ? block.after + startHeight(laid, index + 1) : 0;
  return block.before + heightOf(own) + next;
}

/** The signed agreement as a PDF: the visit, the text as signed, then who signed it, when, and its hash. */
export async function agreementPdf(agreement: SignedAgreement, visit: AgreementVisit): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const signedAt = new Date(agreement.signedAt);
  pdf.setTitle(`${agreementTitle}: ${agreement.booking}`);
  pdf.setAuthor(business.name);
  pdf.setSubject(`Signed ${drawable(regular, signedByText(agreement))}`);
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);

  const linesOf = (text: string, font: PDFFont, size: number, indent = 0): Line[] =>
    wrap(font, size, drawable(font, text), TEXT_WIDTH - indent).map((line) => ({ text: line, font, size, indent }));
  /** A fact under its label, inset `inset` on both sides: the value wraps beside the label, aligned after it. */
  const factLines = ([label, value]: [string, string], size: number, inset: number): Line[] => {
    const labelText = `${label}: `;
    const after = inset + bold.widthOfTextAtSize(labelText, size);
    return linesOf(value, regular, size, after + inset).map((line, index) =>
      index === 0 ? { ...line, label: labelText, indent: inset } : { ...line, indent: after },
    );
  };
  const styled = (block: AgreementBlock, index: number): Laid =>
    block.kind === "heading"
      ? { lines: linesOf(block.text, bold, index === 0 ? 16 : 12), before: 0, after: 6, whole: false, withNext: true }
      : block.kind === "item"
        ? { lines: linesOf(`-  ${block.text}`, regular, 10.5, 12), before: 0, after: 2, whole: false, withNext: false }
        : { lines: linesOf(block.text, regular, 10.5), before: 0, after: 6, whole: false, withNext: false };
  const [title, ...rest] = agreementBlocks(agreement.body).map(styled);
  const laid: Laid[] = [
    ...(title ? [title] : []),
    // The first page opens with the visit: when, where, for whom, and the reference to quote.
    {
      lines: visitFacts(visit, agreement.booking).flatMap((fact) => factLines(fact, 10.5, 10)),
      before: 0,
      after: 14,
      whole: true,
      withNext: false,
      panel: true,
    },
    ...rest,
    {
      lines: signatureLines(agreement).flatMap((line, index) => linesOf(line, index === 0 ? bold : regular, 10.5)),
      before: 12,
      after: 0,
      whole: true,
      withNext: false,
    },
  ];
  // The text's last paragraph is kept whole with the signature: a page with only its last lines
  // reads as unsigned, and a page with only the signature as detached.
  const last = laid.at(-2);
  if (last && last !== laid[0]) Object.assign(last, { whole: true, withNext: true });

  const top = PAGE.height - PAGE.margin;
  const room = top - PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = top;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = top;
  };
  laid.forEach((block, index) => {
    // What must go together moves to a new page as one, unless it could fill no page whole.
    const needed = startHeight(laid, index);
    if (y !== top && y - needed < PAGE.margin && needed <= room) newPage();
    if (y !== top) y -= block.before;
    // A panel's lines sit with as much shade above their capitals as below their descenders.
    const padding = block.panel ? { top: 2, bottom: 11 } : { top: 0, bottom: 0 };
    if (block.panel) {
      const height = padding.top + heightOf(block.lines) + padding.bottom;
      page.drawRectangle({ x: PAGE.margin, y: y - height, width: TEXT_WIDTH, height, color: PANEL });
    }
    y -= padding.top;
    for (const line of block.lines) {
      if (y - lineHeight(line) < PAGE.margin) newPage();
      y -= lineHeight(line);
      const { size, font } = line;
      if (line.label) page.drawText(line.label, { x: PAGE.margin + line.indent, y, size, font: bold, color: INK });
      const x = PAGE.margin + line.indent + (line.label ? bold.widthOfTextAtSize(line.label, size) : 0);
      page.drawText(line.text, { x, y, size, font, color: INK });
    }
    y -= padding.bottom + block.after;
  });

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
