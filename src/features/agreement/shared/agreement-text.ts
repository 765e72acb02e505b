/**
 * The inspection agreement as content (content/agreement.md): front matter, then Markdown whose
 * {{placeholders}} are filled in for one booking. The filled text is what the client reads on the
 * signing page, what the PDF draws and what the database keeps as signed, so the three cannot
 * differ. Only headings (##), list items (-) and paragraphs are used: enough for a contract, and
 * the same on the page and in the PDF.
 */
/** What each placeholder stands for; the build refuses any other. */
export const AGREEMENT_PLACEHOLDERS = {
  business: "the business's name",
  client: "the client's name as booked",
  reference: "the booking's reference",
  property: "the property's address",
  services: "the services booked, one list item each",
  fee: "the fee, as estimated from the price tables",
  standard: "the standard of practice: residentialStandard or commercialStandard",
  reportDays: "reportWithinBusinessDays",
  cutoffHours: "the hours before the start until which the client may cancel or move online",
  phone: "the business's phone number",
} as const;

export type AgreementValues = Record<keyof typeof AGREEMENT_PLACEHOLDERS, string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders a body uses that the site does not fill in. */
export const unknownPlaceholders = (body: string): string[] =>
  [...body.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(name in AGREEMENT_PLACEHOLDERS));

/** The body with every placeholder filled in. */
export const fillAgreement = (body: string, values: AgreementValues): string =>
  body.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as keyof AgreementValues] : whole));

export type AgreementBlock = { kind: "heading" | "paragraph" | "item"; text: string };

/** The filled text as blocks: a paragraph's lines joined, one block per list item. */
export function agreementBlocks(text: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (/^#{1,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: "heading", text: line.replace(/^#+\s+/, "") });
    } else if (/^[-*]\s/.test(line)) {
      flush();
      blocks.push({ kind: "item", text: line.replace(/^[-*]\s+/, "") });
    } else if (blocks.at(-1)?.kind === "item" && !paragraph.length && /^\s/.test(raw)) {
      // An indented line continues the list item above it.
      blocks.at(-1)!.text += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
