import { retention } from "../../privacy/declaration";
import { describeKept } from "./kept-data";

describe("what a person's data page says of a signed agreement", () => {
  const agreement = {
    booking: "SR-20270110-ABC123",
    version: "71de61f751ff",
    signerName: "Sam Signer",
    signedAt: "2027-01-10T15:00:00.000Z",
    visitAt: "2027-01-20T14:00:00.000Z",
  };

  it("is kept whatever the person asks, until its period after a month past the visit, naming the law", () => {
    const data = describeKept(
      "sam@example.com",
      { requests: [], otherMails: [], agreements: [agreement] },
      Date.parse("2027-02-01T00:00:00Z"),
      { ...retention, signedAgreementsYears: 5 },
    );
    expect(data.items).toEqual([
      expect.objectContaining({
        reference: agreement.booking,
        what: "Signed inspection agreement",
        receivedOn: "2027-01-10",
        goesOn: "2032-02-20",
        keptBecause: expect.stringContaining("BOP §16-4A-05"),
        fields: [
          { label: "Signed by", value: "Sam Signer" },
          { label: "Agreement version", value: "71de61f751ff" },
        ],
      }),
    ]);
  });
});
