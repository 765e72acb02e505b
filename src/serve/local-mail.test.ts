import { missingNumbers } from "./local-mail";

const kept = (...numbers: number[]) => numbers.map((number) => ({ number }));

describe("the kept e-mails' numbers", () => {
  it("says nothing while no number is missing", () => {
    expect(missingNumbers(kept())).toBeNull();
    expect(missingNumbers(kept(1, 2, 3))).toBeNull();
  });

  it("names the numbers no e-mail has, and why a number can be missing", () => {
    expect(missingNumbers(kept(1, 2, 3, 4, 34, 35))).toBe(
      "No e-mail has the numbers 5 to 33: e-mails are deleted when their time is up (the privacy notice says when), and a server that stopped without closing its database (killed, or the machine went down) skips the numbers it had set aside.",
    );
    expect(missingNumbers(kept(3, 1, 5))).toMatch(/^No e-mail has the numbers 2, 4:/);
    expect(missingNumbers(kept(2, 3))).toMatch(/^No e-mail has the number 1:/);
  });
});
