import { readApiError } from "./api-error";

describe("readApiError", () => {
  it("keeps a plain-text failure in the spec's '<status>: <body>' form", () => {
    expect(readApiError(new Error("503: We could not deliver your request just now."))).toEqual({
      status: 503,
      message: "503: We could not deliver your request just now.",
      fields: {},
    });
  });

  it("reads the field errors of a 400 and shows its sentence", () => {
    const error = new Error(
      '400: {"error":"Some fields need attention.","fields":{"zip":"Enter a Maryland ZIP code"}}',
    );
    expect(readApiError(error)).toEqual({
      status: 400,
      message: "400: Some fields need attention.",
      fields: { zip: "Enter a Maryland ZIP code" },
    });
  });

  it("explains a failure that never reached the server", () => {
    expect(readApiError(new TypeError("Failed to fetch"))).toMatchObject({ status: null, fields: {} });
  });
});
