import { isClientName } from "./client-name";

describe("the client's name", () => {
  it("is the client's however it is spelled, and another name is not", () => {
    expect(isClientName("casey  otherbuyer.", "Casey Otherbuyer")).toBe(true);
    expect(isClientName("José Núñez", "Jose Nunez")).toBe(true);
    expect(isClientName("Sam Q. Signer", "Sam Signer")).toBe(true);
    expect(isClientName("Sam Signer", "Sam Q Signer")).toBe(true);
    expect(isClientName("Somebody Else", "Casey Otherbuyer")).toBe(false);
    expect(isClientName("Casey", "Casey Otherbuyer")).toBe(false);
  });
});
