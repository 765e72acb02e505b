/** @jest-environment node */
import { decodeHeaderText } from "../../../../tests/support/mime-header";
import { literalHeaderText, rawMessage } from "./mailer";

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

describe("rawMessage, the .eml of `npm run mail -- N --save`", () => {
  const cancel = ["BEGIN:VCALENDAR", "METHOD:CANCEL", "BEGIN:VEVENT", "UID:SR-1", "END:VEVENT", "END:VCALENDAR"].join(
    "\r\n",
  );

  it("is the message as the SMTP transport composes it: dated, with a Message-ID, CRLF only, the invite's method", async () => {
    const raw = (
      await rawMessage("Severn Ridge <office@example.com>", {
        to: "client@example.com",
        subject: "Your inspection is cancelled",
        text: "Hello,\nIt is cancelled.",
        calendar: cancel,
      })
    ).toString("utf8");
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(head).toMatch(/^Date: .+$/m);
    expect(head).toMatch(/^Message-ID: <[^>\s]+@[^>\s]+>\r?$/m);
    expect(head).toMatch(/^To: client@example\.com\r?$/m);
    expect(raw.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    expect(raw).not.toMatch(/method=PUBLISH/);
  });
});
