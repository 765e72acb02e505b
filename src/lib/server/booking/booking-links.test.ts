import { bookingToken, checkBookingToken } from "./booking-links";

const SECRET = "unit-test-secret";
const REFERENCE = "SR-20260101-ABC123";
const now = Date.UTC(2026, 0, 1);
const later = now + 24 * 60 * 60 * 1000;

describe("links of a booking, one purpose each", () => {
  test("a signing link signs and a manage link manages", () => {
    expect(checkBookingToken(SECRET, bookingToken(SECRET, REFERENCE, later, "sign"), now, "sign")).toEqual({
      ok: true,
      reference: REFERENCE,
    });
    expect(checkBookingToken(SECRET, bookingToken(SECRET, REFERENCE, later), now)).toEqual({
      ok: true,
      reference: REFERENCE,
    });
  });

  test("a manage link (the agent's copy carries one) cannot sign, and a signing link cannot manage", () => {
    expect(checkBookingToken(SECRET, bookingToken(SECRET, REFERENCE, later), now, "sign")).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(checkBookingToken(SECRET, bookingToken(SECRET, REFERENCE, later, "sign"), now, "manage")).toEqual({
      ok: false,
      reason: "forged",
    });
  });

  test("an expired signing link is told apart from a forged one", () => {
    expect(checkBookingToken(SECRET, bookingToken(SECRET, REFERENCE, now - 1000, "sign"), now, "sign")).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});
