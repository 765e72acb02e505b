import { KEPT_RECORDS, neverHeldAgreementRule, retention } from "../shared/declaration";
import type { KeptRequest } from "./kept-about";
import { describeKept } from "./kept-data";

/** Sam's schedule request as it is stored, with the form's fields and the booking each test gives it. */
const samsRequest = (request: Record<string, unknown>, booking: KeptRequest["booking"]): KeptRequest => ({
  reference: "SR-20261126-9VGP9E",
  kind: "schedule-requests",
  receivedAt: "2026-11-26T05:10:00.000Z",
  record: { request },
  booking,
  mails: [],
});

describe("what a person's data page says", () => {
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
          { label: "The agreement's text", value: "kept whole, as it was signed (the signed copy you were e-mailed)" },
        ],
      }),
    ]);
  });

  it("counts the agreement's period from the report's delivery once the desk has recorded it", () => {
    const delivered = { ...agreement, deliveredAt: "2027-01-22T20:00:00.000Z" };
    const data = describeKept(
      "sam@example.com",
      { requests: [], otherMails: [], agreements: [delivered] },
      Date.parse("2027-02-01T00:00:00Z"),
      { ...retention, signedAgreementsYears: 5 },
    );
    expect(data.items).toEqual([expect.objectContaining({ reference: agreement.booking, goesOn: "2032-01-22" })]);
  });

  it("lists the inspection report, kept and deleted with the signed agreement, naming the law", () => {
    const delivered = { ...agreement, deliveredAt: "2027-01-22T20:00:00.000Z" };
    const report = { booking: agreement.booking, size: 40 * 1024 * 1024, uploadedAt: "2027-01-22T20:00:00.000Z" };
    const data = describeKept(
      "sam@example.com",
      { requests: [], otherMails: [], agreements: [delivered], reports: [report] },
      Date.parse("2027-02-01T00:00:00Z"),
      { ...retention, signedAgreementsYears: 5 },
    );
    expect(data.items[1]).toEqual(
      expect.objectContaining({
        reference: agreement.booking,
        what: "Inspection report (PDF)",
        goesOn: "2032-01-22",
        keptBecause: expect.stringContaining("BOP §16-4A-05"),
        fields: [
          { label: "Delivered", value: "2027-01-22" },
          { label: "Size", value: "40.0 MB" },
          { label: "Kept with", value: "the signed inspection agreement" },
        ],
      }),
    );
  });

  it("keeps the report of a booking never signed for as long as the booking", () => {
    const booked = samsRequest({ name: "Sam" }, { status: "booked", start: "2027-01-20T14:00:00.000Z" });
    const report = { booking: booked.reference, size: 1024 * 1024, uploadedAt: "2027-01-22T20:00:00.000Z" };
    const data = describeKept(
      "sam@example.com",
      { requests: [booked], otherMails: [], reports: [report] },
      Date.parse("2027-02-01T00:00:00Z"),
    );
    const [bookingItem, reportItem] = data.items;
    expect(reportItem).toMatchObject({
      what: "Inspection report (PDF)",
      goesOn: bookingItem!.goesOn,
      keptBecause: bookingItem!.keptBecause,
    });
    expect(reportItem!.fields).toContainEqual({ label: "Kept with", value: "the booking" });
  });

  it("keeps the agreement of a visit that never took place by the notice's shorter rule, from its signature", () => {
    const cancelled = { ...agreement, held: false };
    // The notice's words and the page's day come from one number: tried with another than the content's.
    const periods = { ...retention, requestsNotBookedYears: 2 };
    const data = describeKept(
      "sam@example.com",
      { requests: [], otherMails: [], agreements: [cancelled] },
      Date.parse("2027-02-01T00:00:00Z"),
      periods,
    );
    expect(data.items).toEqual([
      expect.objectContaining({
        reference: agreement.booking,
        goesOn: "2029-01-10",
        keptBecause: neverHeldAgreementRule(periods),
      }),
    ]);
    expect(neverHeldAgreementRule(periods)).toContain("2 years from when it was signed");
    // The notice at /privacy states the rule with the content's number.
    const notice = KEPT_RECORDS.find((record) => record.kind === "signedAgreement")!;
    expect(notice.why).toContain(neverHeldAgreementRule(retention));
    expect(neverHeldAgreementRule(retention)).toContain(
      `${retention.requestsNotBookedYears} year${retention.requestsNotBookedYears === 1 ? "" : "s"} from when it was signed`,
    );
  });

  it("shows a request's choices as the form named them, and its time in words", () => {
    const data = describeKept(
      "sam@example.com",
      {
        requests: [
          samsRequest(
            {
              mainInspection: "residential",
              addOns: ["radon"],
              foundation: "basement",
              propertyType: "single-family",
              start: "2026-12-03T08:00:00-05:00",
              email: "sam@example.com",
            },
            null,
          ),
        ],
        otherMails: [],
      },
      Date.parse("2026-11-26T06:00:00Z"),
    );
    expect(data.items[0]!.fields).toEqual(
      expect.arrayContaining([
        { label: "Inspection", value: "Residential home inspection" },
        { label: "Add-on tests", value: "Radon test (48-hour continuous monitor)" },
        { label: "Foundation", value: "Basement" },
        { label: "Type of property", value: "Single-family house" },
        { label: "Booked time", value: "Thursday, December 3, 2026, 8 am (Maryland time)" },
        { label: "E-mail address", value: "sam@example.com" },
      ]),
    );
  });

  it("reads the booking's start as an instant, whatever offset the database gives it in", () => {
    const fieldsWith = (start: string) =>
      describeKept(
        "sam@example.com",
        {
          requests: [
            samsRequest(
              { mainInspection: "residential", start: "2026-12-03T08:00:00-05:00" },
              {
                status: "booked",
                start,
              },
            ),
          ],
          otherMails: [],
        },
        Date.parse("2026-11-26T06:00:00Z"),
      ).items[0]!.fields;
    // Not moved: the same instant in UTC, as PostgreSQL's timestamptz comes back.
    expect(fieldsWith("2026-12-03T13:00:00.000Z")).toContainEqual({
      label: "Booked time",
      value: "Thursday, December 3, 2026, 8 am (Maryland time)",
    });
    // Moved to 7:30 pm in Maryland, which is the next day in UTC.
    expect(fieldsWith("2026-12-05T00:30:00.000Z")).toContainEqual({
      label: "Booked time",
      value:
        "Friday, December 4, 2026, 7:30 pm (Maryland time), moved from Thursday, December 3, 2026, 8 am (Maryland time)",
    });
  });

  it("gives a change to a booking never done the day its request goes, as the pass deletes them together", () => {
    const request = (reference: string, kind: string, receivedAt: string, record: Record<string, unknown>) => ({
      reference,
      kind,
      receivedAt,
      record,
      booking: null,
      mails: [],
    });
    const data = describeKept(
      "sam@example.com",
      {
        requests: [
          {
            ...request("SR-20261126-CANCEL", "schedule-requests", "2026-11-26T15:00:00.000Z", {}),
            booking: { status: "cancelled", start: "2026-12-03T13:00:00.000Z" },
          },
          request("BC-20261201-CHANGE", "booking-changes", "2026-12-01T15:00:00.000Z", {
            booking: "SR-20261126-CANCEL",
          }),
        ],
        otherMails: [],
      },
      Date.parse("2026-12-02T00:00:00Z"),
      { ...retention, requestsNotBookedYears: 1 },
    );
    expect(data.items.map((item) => [item.reference, item.goesOn])).toEqual([
      ["SR-20261126-CANCEL", "2027-11-26"],
      ["BC-20261201-CHANGE", "2027-11-26"],
    ]);
  });

  it("lists what was paid for a booking and refunded, in words", () => {
    const data = describeKept(
      "sam@example.com",
      {
        requests: [
          {
            ...samsRequest(
              { mainInspection: "residential" },
              { status: "cancelled", start: "2026-12-04T15:00:00.000Z" },
            ),
            payments: [
              { kind: "payment", method: "online", amountCents: 17500, recordedAt: "2026-11-26T15:00:00.000Z" },
              { kind: "refund", method: "online", amountCents: 8750, recordedAt: "2026-12-03T15:00:00.000Z" },
            ],
          },
        ],
        otherMails: [],
      },
      Date.parse("2026-12-05T00:00:00Z"),
      retention,
    );
    expect(data.items[0]!.fields).toContainEqual({
      label: "Payments",
      value: "$175.00 paid online, by card through Stripe on November 26, 2026; $87.50 refunded on December 3, 2026",
    });
  });

  it("shows a moved booking's time as it now stands, and a change to a booking in words", () => {
    const data = describeKept(
      "sam@example.com",
      {
        requests: [
          samsRequest(
            { mainInspection: "residential", start: "2026-12-03T08:00:00-05:00" },
            { status: "booked", start: "2026-12-04T10:00:00-05:00" },
          ),
          {
            reference: "BC-20261126-2XK3PQ",
            kind: "booking-changes",
            receivedAt: "2026-11-26T06:10:00.000Z",
            record: {
              type: "booking-change",
              booking: "SR-20261126-9VGP9E",
              change: "moved by the visitor from Thursday, December 3, 2026, 8 am to Friday, December 4, 2026, 10 am",
            },
            booking: null,
            mails: [],
          },
        ],
        otherMails: [],
      },
      Date.parse("2026-11-26T07:00:00Z"),
    );
    expect(data.items[0]!.fields).toContainEqual({
      label: "Booked time",
      value:
        "Friday, December 4, 2026, 10 am (Maryland time), moved from Thursday, December 3, 2026, 8 am (Maryland time)",
    });
    expect(data.items[1]!.fields).toEqual([
      { label: "Booking", value: "SR-20261126-9VGP9E" },
      {
        label: "What changed",
        value: "moved by the visitor from Thursday, December 3, 2026, 8 am to Friday, December 4, 2026, 10 am",
      },
    ]);
  });
});
