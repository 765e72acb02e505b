/** @jest-environment node */
import { createHmac } from "node:crypto";
import { bookingToken, checkBookingToken, checkPurposeToken, purposeToken } from "./booking-links";
import { isSchedulerToken, schedulerToken } from "../../../lib/server/http/scheduler-token";

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

describe("rotating BOOKING_LINK_SECRET", () => {
  const OLD = "the-key-the-links-were-sent-with";
  const NEW = "the-key-that-replaces-it";
  const rotated = `${NEW} ${OLD}`;

  test("a link names the key that signed it, and the first key of the setting signs", () => {
    const [id] = bookingToken(rotated, REFERENCE, later).split(".");
    const [oldId] = bookingToken(OLD, REFERENCE, later).split(".");
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(id).not.toBe(oldId);
    expect(bookingToken(rotated, REFERENCE, later)).toBe(bookingToken(NEW, REFERENCE, later));
  });

  test("links sent under the old key work while it is kept beside the new one, and stop once it is removed", () => {
    const sent = bookingToken(OLD, REFERENCE, later, "sign");
    expect(checkBookingToken(rotated, sent, now, "sign")).toEqual({ ok: true, reference: REFERENCE });
    expect(checkBookingToken(NEW, sent, now, "sign")).toEqual({ ok: false, reason: "forged" });
    const dataLink = purposeToken(OLD, "data", "ann@example.com", later);
    expect(checkPurposeToken(rotated, "data", dataLink, now)).toMatchObject({ ok: true, subject: "ann@example.com" });
    expect(checkPurposeToken(NEW, "data", dataLink, now)).toEqual({ ok: false, reason: "forged" });
  });

  test("a link made before links named their key (no id) still works under the same key", () => {
    // The shape every e-mail sent before this change carries: reference.expiry.signature.
    const payload = `${REFERENCE}.${Math.floor(later / 1000)}`;
    const legacy = `${payload}.${createHmac("sha256", OLD).update(payload).digest("base64url")}`;
    expect(checkBookingToken(rotated, legacy, now)).toEqual({ ok: true, reference: REFERENCE });
    expect(checkBookingToken(NEW, legacy, now)).toEqual({ ok: false, reason: "forged" });
  });

  test("a link naming a key the setting does not hold is forged, whatever its signature", () => {
    const [, ...rest] = bookingToken(OLD, REFERENCE, later).split(".");
    expect(checkBookingToken(rotated, ["0000abcd", ...rest].join("."), now)).toEqual({ ok: false, reason: "forged" });
  });

  test("the scheduled reminders' token is accepted from the new key and from the old one during a rotation", () => {
    expect(isSchedulerToken(rotated, schedulerToken(OLD, now), now)).toBe(true);
    expect(isSchedulerToken(rotated, schedulerToken(rotated, now), now)).toBe(true);
    expect(isSchedulerToken(NEW, schedulerToken(OLD, now), now)).toBe(false);
  });
});
