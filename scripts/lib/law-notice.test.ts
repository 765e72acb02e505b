/**
 * @jest-environment node
 */
import { lawNoticeProblems } from "./law-notice";

const sources = (inner: string) =>
  `<aside aria-labelledby="sources-title"><h2 id="sources-title">Sources</h2>${inner}</aside>`;
const notice =
  "<p>Last reviewed November 23, 2026. This is a plain-language summary, not legal advice; the official text governs.</p>";
const link = '<ul><li><a href="https://mgaleg.maryland.gov/x">Statute</a></li></ul>';
const page = (main: string) => `<html><body><header>Maryland law</header><main>${main}</main></body></html>`;

describe("a page that explains the law", () => {
  const law = "<p>Maryland law requires the report within 7 business days.</p>";

  it("passes with a review date, the not-legal-advice note and a linked source", () => {
    expect(lawNoticeProblems(page(law + sources(notice + link)))).toEqual([]);
  });

  it("fails without a Sources box", () => {
    expect(lawNoticeProblems(page(law))).toEqual(['states the law ("Maryland law") but has no Sources box']);
  });

  it("fails without a review date, and without a linked source", () => {
    expect(lawNoticeProblems(page(law + sources(link)))).toEqual([
      'states the law ("Maryland law") but gives no review date and not-legal-advice note',
    ]);
    expect(lawNoticeProblems(page(law + sources(notice)))).toEqual([
      'states the law ("Maryland law") but links no source',
    ]);
  });

  it.each([
    "<p>COMAR 09.36.07 sets the standard.</p>",
    "<p>Under Real Property §10-713 the buyer may waive.</p>",
    "<p>Fluoride's MCL is 4.0 mg/L.</p>",
    "<p>40 CFR 143.3 lists secondary standards.</p>",
    "<p>Montgomery County Bill 31-15 requires a test.</p>",
    "<p>SB 856 took effect on July 1, 2025.</p>",
  ])("is recognised from its words: %s", (copy) => {
    expect(lawNoticeProblems(page(copy))).toHaveLength(1);
  });
});

describe("a page that states no law", () => {
  it("needs no Sources box", () => {
    expect(lawNoticeProblems(page("<p>Book a home inspection online.</p>"))).toEqual([]);
  });

  it("is not counted as stating the law for another page's summary or its own source labels", () => {
    const card = '<ul><li data-summary-of="/services/residential">The written report Maryland law requires.</li></ul>';
    expect(lawNoticeProblems(page(card))).toEqual([]);
    expect(lawNoticeProblems(page(sources("<a href='https://x.gov/a'>COMAR 09.36</a>")))).toEqual([]);
  });
});
