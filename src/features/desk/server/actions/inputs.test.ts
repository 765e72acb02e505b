/** @jest-environment node */
import { readInput, type DeskAction } from "../desk-action";
import { bookingActions } from "./booking";
import { moneyActions } from "./money";
import { sessionActions } from "./sessions";
import { timeOffActions } from "./time-off";
import { viewActions } from "./views";

const inputOf = (action: DeskAction, given: unknown) => readInput(action.input!, given);

describe("what the desk's actions read from a request", () => {
  it("takes a change with its optional fields left out", () => {
    expect(inputOf(bookingActions.move, { reference: "B-1", start: "2027-03-04T09:30" })).toEqual({
      reference: "B-1",
      start: Date.parse("2027-03-04T14:30:00Z"),
      outsideHours: false,
    });
    expect(
      inputOf(timeOffActions["time-off"], { inspector: "all", from: "2027-03-04T08:00", to: "2027-03-04T12:00" }),
    ).toEqual({
      inspectors: [1, 2],
      from: Date.parse("2027-03-04T13:00:00Z"),
      to: Date.parse("2027-03-04T17:00:00Z"),
      note: "",
    });
    expect(inputOf(viewActions.days, {})).toEqual({ days: 7 });
    expect(inputOf(viewActions.days, { from: "2027-03-04", days: "90" })).toEqual({ from: "2027-03-04", days: 31 });
  });

  it("names the first problem of a body in the desk's words", () => {
    expect(() => inputOf(bookingActions.confirm, {})).toThrow("Say which booking.");
    expect(() => inputOf(bookingActions.move, { reference: "B-1", start: "soon" })).toThrow("Choose the new time.");
    expect(() => inputOf(bookingActions.hand, { reference: "B-1", inspector: 9 })).toThrow(
      "Choose one of the inspectors listed.",
    );
    expect(() => inputOf(bookingActions.hand, { reference: "B-1", inspector: "x" })).toThrow(
      "Choose one of the inspectors listed.",
    );
    expect(() =>
      inputOf(timeOffActions["time-off"], { inspector: 7, from: "2027-03-04T08:00", to: "2027-03-04T12:00" }),
    ).toThrow("Choose one of the inspectors listed, or all.");
    expect(() => inputOf(timeOffActions["time-off"], { inspector: 1, from: "tomorrow" })).toThrow(
      "Give the time off's start as a date and a time.",
    );
    expect(() => inputOf(moneyActions["payment-taken"], { method: "gold", amount: "5" })).toThrow(
      "Say how it was paid: cash, check or card-terminal.",
    );
    expect(() => inputOf(moneyActions["payment-taken"], { method: "cash", amount: "5", reference: "B-1" })).toThrow(
      "Send the payment with its key (reload the desk and try again).",
    );
    expect(() => inputOf(sessionActions["end-session"], { number: 1.5 })).toThrow("Say which session, by its number.");
    expect(() => inputOf(sessionActions["sign-in"], { token: "  " })).toThrow("Send the token.");
  });
});
