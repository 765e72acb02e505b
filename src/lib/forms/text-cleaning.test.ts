import { isStorableText, oneLineText, visibleText } from "./text-cleaning";

/** What the issue found reaching the database, the e-mails and the feed, each by name. */
const NOT_KEPT = {
  NUL: "\u0000",
  BEL: "\u0007",
  "a right-to-left override": "\u202e",
  "a left-to-right isolate": "\u2066",
  "a lone high surrogate": "\ud800",
  "a lone low surrogate": "\udc00",
  "U+FFFE": "\ufffe",
  "U+FFFF": "\uffff",
  "U+FDD0": "\ufdd0",
  "U+FDEF": "\ufdef",
  "U+1FFFE": "\u{1fffe}",
  "U+10FFFF": "\u{10ffff}",
};

describe("visibleText, the cleaning of every free-text field", () => {
  it.each(Object.entries(NOT_KEPT))("drops %s", (_, character) => {
    expect(visibleText(`Ann${character} Client`)).toBe("Ann Client");
    expect(oneLineText(`Ann${character} Client`)).toBe("Ann Client");
  });

  it("keeps what is text: a surrogate pair, a character beside the noncharacters, accents and non-breaking spaces", () => {
    const text = "Zoë\u00a0Ö 😀 \ufdcf \ufff0 \u{1fffd}";
    expect(visibleText(text)).toBe(text);
  });

  it("keeps line breaks and tabs in paragraphs, with Windows and old Mac line ends made plain", () => {
    expect(visibleText("Gate\r\ncode\t42\rback")).toBe("Gate\ncode\t42\nback");
  });

  it("puts a single-line field on one line, so CRLF cannot start a forged line", () => {
    expect(oneLineText("Ann\r\nSigned by: Someone Else\u2028x\u2029y")).toBe("Ann Signed by: Someone Else x y");
  });
});

describe("isStorableText, what the desk accepts as it is", () => {
  const notText = Object.entries(NOT_KEPT).filter(([name]) => !/override|isolate/.test(name));
  it.each(notText)("refuses %s", (_, character) => {
    expect(isStorableText(`Ann${character} Client`)).toBe(false);
  });

  it("takes text, line breaks and tabs included, as many times as it is asked", () => {
    const text = "Zoë\u00a0Ö 😀 \ufdcf \ufff0 \u{1fffd}\r\nGate\tcode";
    expect([isStorableText(text), isStorableText(text), isStorableText("")]).toEqual([true, true, true]);
  });
});
