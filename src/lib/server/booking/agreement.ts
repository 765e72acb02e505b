/**
 * The inspection agreement of a booking: content/agreement.md filled in with the booking's client,
 * property, services and fee, signed by the client from the link in their confirmation (a "sign"
 * link: booking-links.ts), kept as signed (db/agreements.ts), and e-mailed as a PDF to the client
 * and the business; an agent who booked is told only that it is signed.
 *
 * The PDF is drawn with pdf-lib: plain JavaScript with no native part (the functions run on
 * Netlify as well as here), small beside a React renderer, and it draws exactly the text signed.
 */
import { createHash } from "node:crypto";
import matter from "gray-matter";
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import agreementFile from "!!raw-loader!../../../../content/agreement.md";
import { availability, business } from "../../business-data";
import { agreementBlocks, fillAgreement, isClientName } from "../../booking/agreement-text";
import { bookedTimeText } from "../../booking/booked-time";
import { MARYLAND, rfc3339 } from "../../booking/local-time";
import { agreementFrontmatterSchema } from "../../content-schema";
import { formatDollars, longDate } from "../../format";
import { BOOKED_BY_AGENT } from "../../forms/choices";
import type { Booking } from "../db/bookings";
import type { Queryable } from "../db/database";
import type { SignedAgreement } from "../db/agreements";
import { findRequest } from "../db/requests";
import { describeServices, type ScheduleRecord } from "../mail/emails";
import type { MailMessage } from "../mail/mailer";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// Front matter read by gray-matter, as gatsby-plugin-mdx reads it for the build's check.
const file = matter(agreementFile);
/** Validated at build (gatsby/source-content.ts); parsed here for its types and defaults. */
const settings = agreementFrontmatterSchema.parse(file.data);

/** The agreement's version: a short hash of the file as built, so any edit is a new version. */
export const AGREEMENT_VERSION = sha256(agreementFile).slice(0, 12);
export const agreementTitle = settings.title;

/** What a booking's agreement says and the terms a signature covers. */
export interface FilledAgreement {
  version: string;
  /** The exact text the client reads and signs. */
  body: string;
  /** A hash of the services and the fee: a signature covers these, whatever the time. */
  terms: string;
  /** The client it names as "you": who is asked to sign. */
  clientName: string;
  /** Where the signed copy and the "signed" note go. */
  clientEmail: string;
  agentEmail: string | null;
}

/** The agreement filled in for a booking, from the request that made it. */
export async function filledAgreement(db: Queryable, booking: Booking): Promise<FilledAgreement> {
  const record = (await findRequest(db, booking.reference))?.record as unknown as ScheduleRecord | undefined;
  if (!record?.request) throw new Error(`booking ${booking.reference} has no request`);
  const { request, quote } = record;
  const services = describeServices(request);
  const body = fillAgreement(file.content.trim(), {
    business: business.name,
    client: request.name,
    reference: booking.reference,
    property: `${request.street}, ${request.city}, MD ${request.zip}`,
    services: services.map((service) => `- ${service}`).join("\n"),
    fee: formatDollars(quote.total),
    standard: request.mainInspection === "commercial" ? settings.commercialStandard : settings.residentialStandard,
    reportDays: String(settings.reportWithinBusinessDays),
    cutoffHours: String(availability.cancellation.cutoffHours),
    phone: business.phone,
  });
  return {
    version: AGREEMENT_VERSION,
    body: `# ${settings.title}\n\n${body}\n`,
    terms: sha256(JSON.stringify({ services, fee: quote.total })).slice(0, 16),
    clientName: request.name,
    clientEmail: request.email,
    agentEmail: request.bookedByAgent === BOOKED_BY_AGENT && request.agentEmail ? request.agentEmail : null,
  };
}

export const bodyHash = sha256;

/** When it was signed, as the client and the owner read it: Maryland's clock at that instant. */
export const signedAtText = (iso: string) => `${bookedTimeText(rfc3339(Date.parse(iso), MARYLAND))} (Maryland time)`;

/** Who signed, as the owner, the client and the PDF read it: "by Casey", or "for Casey by Pat". */
export const signedByText = (agreement: Pick<SignedAgreement, "signerName" | "clientName">) =>
  agreement.clientName && !isClientName(agreement.signerName, agreement.clientName)
    ? `for ${agreement.clientName} by ${agreement.signerName}`
    : `by ${agreement.signerName}`;

/** The lines under the text that say who signed, when and what. */
export function signatureLines(agreement: SignedAgreement): string[] {
  return [
    `Signed electronically ${signedByText(agreement)}`,
    `on ${signedAtText(agreement.signedAt)}, ${agreement.signedAt}`,
    `Booking ${agreement.booking}; agreement version ${agreement.version}`,
    `SHA-256 of the text signed: ${agreement.bodySha256}`,
  ];
}

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
  pdf.setTitle(`${settings.title}: ${agreement.booking}`);
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

/** The e-mails of a signature: the signed copy to the client and the business, "signed" to an agent who booked. */
export async function signedMails(
  agreement: SignedAgreement,
  filled: FilledAgreement,
  booking: Booking,
  businessTo: string,
): Promise<Array<{ message: string; mail: MailMessage }>> {
  const pdf = Buffer.from(await agreementPdf(agreement)).toString("base64");
  const attachment = {
    filename: `inspection-agreement-${agreement.booking}.pdf`,
    contentType: "application/pdf",
    base64: pdf,
  };
  const who = signatureLines(agreement);
  const when = bookedTimeText(booking.start);
  const message = (to: string) => `agreement-${agreement.terms}-${to}`;
  return [
    {
      message: message("business"),
      mail: {
        to: businessTo,
        subject: `Agreement signed: ${booking.reference} (${when})`,
        text: [
          `The inspection agreement of booking ${booking.reference} (${when}) is signed.`,
          "",
          ...who,
          `From address ${agreement.clientAddress ?? "unknown"}, browser ${agreement.userAgent ?? "unknown"}.`,
          "",
          "The signed copy is attached (PDF). Maryland law requires contracts kept 5 years from delivery.",
        ].join("\n"),
        attachments: [attachment],
      },
    },
    {
      message: message("client"),
      mail: {
        to: filled.clientEmail,
        replyTo: business.email,
        subject: `Your signed inspection agreement (${booking.reference})`,
        text: [
          "Hello,",
          "",
          `Thank you for signing the inspection agreement for your inspection ${booking.reference}, ${when} (Maryland time).`,
          "Your signed copy is attached (PDF); please keep it.",
          "",
          ...who,
          "",
          `Questions? Call us at ${business.phone} (${business.hours}) and give your reference.`,
          "",
          business.name,
        ].join("\n"),
        attachments: [attachment],
      },
    },
    ...(filled.agentEmail
      ? [
          {
            message: message("agent"),
            mail: {
              to: filled.agentEmail,
              replyTo: business.email,
              // The agreement is the client's: the agent learns that it is signed, nothing of it.
              subject: `Inspection agreement signed (${booking.reference})`,
              text: [
                "Hello,",
                "",
                `Your client has signed the inspection agreement for inspection ${booking.reference}, ${when} (Maryland time).`,
                "",
                `Questions? Call us at ${business.phone} (${business.hours}) and give the reference.`,
                "",
                business.name,
              ].join("\n"),
            },
          },
        ]
      : []),
  ];
}
