import { telHref } from "./phone";

describe("telHref", () => {
  it("dials the number with the US country code", () => {
    expect(telHref("(410) 555-0142")).toBe("tel:+14105550142");
    expect(telHref("1-410-555-0142")).toBe("tel:+14105550142");
  });

  it("refuses a number that is not ten digits", () => {
    expect(() => telHref("555-0142")).toThrow('Not a 10-digit US phone number: "555-0142"');
  });
});
