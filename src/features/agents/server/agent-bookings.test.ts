/**
 * @jest-environment node
 *
 * An agent's bookings: where each stands in the client's words, and the link to book for a client.
 */
import type { Booking } from "../../booking/server";
import { bookPathFor, stateWords } from "./agent-bookings";

const NOW = Date.parse("2026-12-07T15:00:00Z");
const booking = (fields: Partial<Booking>): Booking =>
  ({
    reference: "SR-1",
    start: "2026-12-10T10:00:00-05:00",
    onSiteMinutes: 120,
    status: "booked",
    confirmBy: "2026-12-07T20:00:00.000Z",
    moves: 0,
    agent: { name: "Ann Agent", email: "ann@realty.example", phone: "(410) 555-7000", role: "copied" },
    ...fields,
  }) as Booking;

describe("where a booking stands, in the client's words", () => {
  it.each([
    [{ status: "pending" as const }, "held until Monday, December 7, 2026, 3 pm, for the client to confirm"],
    [{}, "confirmed"],
    [{ moves: 1 }, "confirmed, moved since it was made"],
    [{ confirmBy: null }, "booked"],
    [{ status: "cancelled" as const }, "cancelled"],
    [{ status: "expired" as const }, "not confirmed in time, so let go"],
    [{ start: "2026-12-01T10:00:00-05:00" }, "inspected"],
  ])("%j reads %s", (fields, words) => {
    expect(stateWords(booking(fields), NOW)).toBe(words);
  });
});

describe("the link to book for a client", () => {
  it("fills in the agent's details from their latest booking, and the address they signed in with", () => {
    const link = new URL(bookPathFor("ann@realty.example", booking({})), "https://site.example");
    expect(link.pathname).toBe("/schedule");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      bookedByAgent: "yes",
      agentName: "Ann Agent",
      agentEmail: "ann@realty.example",
      agentPhone: "(410) 555-7000",
    });
  });
});
