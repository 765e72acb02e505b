import { readApiError, withWayForward } from "./api-error";

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

describe("withWayForward", () => {
  it("asks the visitor to try again or call, once: not after a sentence that already gives the number", () => {
    expect(withWayForward("Enter the ZIP code.")).toBe("Enter the ZIP code. Please try again or call us.");
    expect(withWayForward("We could not reach the server. Check your connection and try again.")).toBe(
      "We could not reach the server. Check your connection and try again. If it keeps failing, please call us.",
    );
    const unavailable = "This site cannot take requests right now. Nothing was sent. Please call us at (410) 555-0142.";
    expect(withWayForward(unavailable)).toBe(unavailable);
  });
});
