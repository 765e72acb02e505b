import { mailboxOf } from "./mailbox-address";

describe("mailboxOf", () => {
  it("ignores case, in the local part too", () => {
    expect(mailboxOf("Ann.Client@Example.COM")).toBe("ann.client@example.com");
  });

  it("drops a +tag at any domain", () => {
    expect(mailboxOf("victim+1@example.com")).toBe("victim@example.com");
    expect(mailboxOf("victim+a+b@example.org")).toBe("victim@example.org");
  });

  it("keeps a local part that is nothing but a tag", () => {
    expect(mailboxOf("+orders@example.com")).toBe("+orders@example.com");
  });

  it("drops dots at Gmail, and takes googlemail.com for gmail.com", () => {
    for (const spelling of [
      "vic.tim@gmail.com",
      "v.i.c.t.i.m@gmail.com",
      "Vic.Tim+2@googlemail.com",
      "victim@GMAIL.com",
    ]) {
      expect(mailboxOf(spelling)).toBe("victim@gmail.com");
    }
  });

  it("keeps dots where the provider is not known to ignore them", () => {
    expect(mailboxOf("vic.tim@example.com")).toBe("vic.tim@example.com");
    expect(mailboxOf("vic.tim@gmail.com.example.net")).toBe("vic.tim@gmail.com.example.net");
  });
});
