import { decodeHeaderText } from "../../../../tests/support/mime-header";
import { literalHeaderText } from "./mailer";

describe("literalHeaderText", () => {
  it("leaves ordinary text to the mail library", () => {
    expect(literalHeaderText("Schedule request SR-1: Radon test, Annapolis")).toBe(
      "Schedule request SR-1: Radon test, Annapolis",
    );
  });

  it.each([
    "Schedule request SR-1: Radon test, =?utf-8?Q?A=0D=0ABcc:_x@example.com?=",
    "Annapolis =?utf-8?B?4oCuZWxwbWF4ZQ==?=",
    "=?",
    "=?utf-8?Q?a?= =?utf-8?Q?b?=",
  ])("encodes %j whole, so a reader decodes it back to exactly that", (typed) => {
    const encoded = literalHeaderText(typed);
    expect(encoded).not.toBe(typed);
    expect(encoded).toMatch(/^[\x21-\x7e ]+$/);
    expect(decodeHeaderText(encoded)).toBe(typed);
  });
});
