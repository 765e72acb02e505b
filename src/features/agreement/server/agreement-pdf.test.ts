/** @jest-environment node */
/**
 * The signed agreement's PDF read back by pdf.js (tests/support/pdf-text.ts), page by page: whatever the length of
 * the text, its first page opens with the visit, no page ends with a heading, its last page holds
 * the end of the text with the whole signature, and every page (the first included) names the
 * booking and the day it was signed.
 */
import agreementFile from "!!raw-loader!../../../../content/agreement.md";
import { agreementBlocks, fillAgreement } from "../shared/agreement-text";
import { readFrontMatter } from "../../../lib/content/front-matter";
import { pdfPageLines, pdfPages } from "../../../../tests/support/pdf-text";
import { agreementPdf } from "./agreement-pdf";

const REFERENCE = "SR-20261203-7KQ4M2";
/** A visit at 9 am on Thursday, December 3, 2026, Maryland's clock. */
const START = "2026-12-03T09:00:00-05:00";

function signedPdf(body: string, client = "Casey Otherbuyer", property = "12 Elm Street, Towson, MD 21204") {
  return agreementPdf(
    {
      booking: REFERENCE,
      terms: "terms",
      version: "71de61f751ff",
      body,
      bodySha256: "0".repeat(64),
      signerName: "Somebody Else",
      clientName: client,
      signedAt: "2026-11-26T14:30:00.000Z",
      clientAddress: null,
      userAgent: null,
    },
    { start: START, property, client },
  );
}

const paragraphsBody = (paragraphs: number) =>
  [
    "# Inspection Agreement",
    ...Array.from(
      { length: paragraphs },
      (_, index) =>
        `Paragraph ${index + 1}. The inspection is a visual examination of the readily accessible parts of the home on the day.`,
    ),
  ].join("\n\n");

/** The site's own agreement (content/agreement.md) filled in for a client, a property and a list of services. */
function siteAgreement(client: string, property: string, services: number): string {
  const { body } = readFrontMatter(agreementFile);
  return `# Inspection agreement\n\n${fillAgreement(body.trim(), {
    business: "Severn Ridge Home Inspections",
    client,
    reference: REFERENCE,
    property,
    services: Array.from(
      { length: services },
      (_, index) => `- Service ${index + 1}: radon test with a continuous monitor, 48 hours or more`,
    ).join("\n"),
    fee: "$648",
    standard: "the Maryland Minimum Standards of Practice for home inspections, COMAR 09.36.07",
    reportDays: "7",
    cutoffHours: "24",
    phone: "(410) 555-0142",
  })}\n`;
}

const FOOTER = /: page \d+ of \d+$/;
/** A page's lines of text, its footer left out. */
const textLines = (lines: string[]) => lines.filter((line) => !FOOTER.test(line));

it("keeps the signature whole and with the end of the text, and dates every page", async () => {
  let sawSecondPage = false;
  const lengths = Array.from({ length: 31 }, (_, index) => 10 + index);
  // One reader for every PDF: starting pdf.js once per PDF would take seconds.
  const read = pdfPages(await Promise.all(lengths.map((paragraphs) => signedPdf(paragraphsBody(paragraphs)))));
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

describe("the site's agreement, however long its client's name, address and services", () => {
  const clients = ["Al Li", "Casey Otherbuyer", "Maximiliana Alexandra Featherstonehaugh-Worthington of Chevy Chase"];
  const properties = [
    "1 Oak Ct, Bel Air, MD 21014",
    "12 Elm Street, Towson, MD 21204",
    "10400 Old Court Road Extended, Building C, Unit 1204 (rear entrance by the garages), Woodstock, MD 21163",
  ];
  const layouts = clients.flatMap((client) =>
    properties.flatMap((property) =>
      Array.from({ length: 9 }, (_, index) => ({ client, property, services: index + 1 })),
    ),
  );
  let read: string[][][];

  beforeAll(async () => {
    read = pdfPageLines(
      await Promise.all(
        layouts.map(({ client, property, services }) =>
          signedPdf(siteAgreement(client, property, services), client, property),
        ),
      ),
    );
  });

  it("opens its first page with the visit: the date and time, the property, the client and the reference", () => {
    layouts.forEach(({ client, property }, at) => {
      const first = textLines(read[at]![0]!).join(" ");
      const visit = [
        "Inspection: Thursday, December 3, 2026, 9 am (Maryland time)",
        `Property: ${property}`,
        `Client: ${client}`,
        `Booking: ${REFERENCE}`,
      ];
      visit.forEach((line) => expect(first).toContain(line));
      // Before the text: the visit is what the page opens with, under the title.
      expect(first.indexOf(visit[3]!)).toBeLessThan(first.indexOf("1. The parties"));
      expect(first.startsWith("Inspection agreement Inspection:")).toBe(true);
    });
  });

  it("never ends a page with a heading, wherever the page breaks", () => {
    const headings = new Set(
      agreementBlocks(siteAgreement("A", "B", 1))
        .filter((block) => block.kind === "heading")
        .map((block) => block.text),
    );
    const pageEnds = new Set<string>();
    layouts.forEach((layout, at) => {
      const pages = read[at]!;
      pages.slice(0, -1).forEach((page, index) => {
        const last = textLines(page).at(-1)!;
        pageEnds.add(last);
        expect({ ...layout, page: index + 1, last, heading: headings.has(last) }).toEqual({
          ...layout,
          page: index + 1,
          last,
          heading: false,
        });
      });
    });
    // The layouts tried move the break: pages end at several places in the text.
    expect(pageEnds.size).toBeGreaterThanOrEqual(3);
  });
});

it("keeps each heading with the start of its text in any text, the break falling anywhere", async () => {
  // Sections of one to three paragraphs after a growing preamble, so the break falls before,
  // on and after each heading in turn.
  const bodies = Array.from({ length: 40 }, (_, preamble) =>
    [
      "# Inspection Agreement",
      ...Array.from({ length: preamble }, (_, index) => `Preamble line ${index + 1}.`),
      ...Array.from({ length: 12 }, (_, section) => [
        `## Section ${section + 1}`,
        ...Array.from(
          { length: 1 + (section % 3) },
          () =>
            "The inspection is a visual examination of the readily accessible parts of the home on the day, and it is not technically exhaustive.",
        ),
      ]).flat(),
    ].join("\n\n"),
  );
  const read = pdfPageLines(await Promise.all(bodies.map((body) => signedPdf(body))));
  let pageEnds = 0;
  read.forEach((pages, at) =>
    pages.slice(0, -1).forEach((page) => {
      const last = textLines(page).at(-1)!;
      pageEnds += 1;
      expect({ preamble: at, last }).toEqual({ preamble: at, last: expect.not.stringMatching(/^Section \d+$/) });
    }),
  );
  expect(pageEnds).toBeGreaterThan(40);
});
