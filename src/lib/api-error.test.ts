import { readApiError } from "./api-error";

describe("readApiError", () => {
  it("reads a plain-text failure in the spec's '<status>: <body>' form as its words and its status", () => {
    expect(readApiError(new Error("503: We could not deliver your request just now."))).toEqual({
      status: 503,
      message: "We could not deliver your request just now.",
      fields: {},
    });
  });

  it("reads the field errors of a 400 and shows its sentence", () => {
    const error = new Error(
      '400: {"error":"Some fields need attention.","fields":{"zip":"Enter a Maryland ZIP code"}}',
    );
    expect(readApiError(error)).toEqual({
      status: 400,
      message: "Some fields need attention.",
      fields: { zip: "Enter a Maryland ZIP code" },
    });
  });

  it("gives a refused time's sentence and the open times offered instead, without the code", () => {
    const error = new Error(
      '409: {"error":"Someone has just booked this time.","starts":["2026-12-03T09:00:00-05:00"]}',
    );
    expect(readApiError(error)).toEqual({
      status: 409,
      message: "Someone has just booked this time.",
      fields: {},
      starts: ["2026-12-03T09:00:00-05:00"],
    });
  });

  it("explains a failure that never reached the server", () => {
    expect(readApiError(new TypeError("Failed to fetch"))).toMatchObject({ status: null, fields: {} });
  });
});
