import { deskPeople, deskPersonOf } from "./desk-mail";

const OFFICE = "office@severnridgeinspections.com";
const env = { MAIL_TO: "Manager@Example.com" } as NodeJS.ProcessEnv;

describe("deskPersonOf: the desk's address a typed text is, exactly", () => {
  it("finds the business mailbox, MAIL_TO and the listed people, case aside, as stored", () => {
    expect(deskPeople(env)).toEqual([OFFICE, "manager@example.com", "frontdesk@severnridgeinspections.com"]);
    expect(deskPersonOf(" OFFICE@SevernRidgeInspections.com ", env)).toBe(OFFICE);
    expect(deskPersonOf("manager@example.com", env)).toBe("manager@example.com");
    expect(deskPersonOf("frontdesk@severnridgeinspections.com", env)).toBe("frontdesk@severnridgeinspections.com");
  });

  it.each([
    "office+<attacker@evil.example>@severnridgeinspections.com",
    "office+, attacker@evil.example, x@severnridgeinspections.com",
    "office+x: attacker@evil.example;@severnridgeinspections.com",
    "office@severnridgeinspections.com, attacker@evil.example",
    '"office@severnridgeinspections.com" <attacker@evil.example>',
    "Office <office@severnridgeinspections.com>",
    "office@severnridgeinspections.com (office)",
    "office@severnridgeinspections.com\nBcc: attacker@evil.example",
    "office+tag@severnridgeinspections.com",
    "o.ffice@severnridgeinspections.com",
    "office@severnridgeinspections.com\u0000",
    "office\ud800@severnridgeinspections.com",
    "someone@example.com",
    "",
  ])("is no one for %j", (typed) => {
    expect(deskPersonOf(typed, env)).toBeNull();
  });
});
