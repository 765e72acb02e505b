/** @jest-environment node */
import { newState, STATE_SECONDS, stateIsFresh, stateMadeAt } from "./sign-in-state";

const now = new Date("2025-05-01T12:00:00Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("the sign-in's state", () => {
  test("names when it was made, then 32 random bytes, and is never the same twice", () => {
    const state = newState(now);
    expect(state).toMatch(/^1746100800\.[\w-]{43}$/);
    expect(stateMadeAt(state)).toEqual(now);
    expect(newState(now)).not.toBe(state);
  });

  test("is fresh for STATE_SECONDS after it was made, and never after", () => {
    const state = newState(now);
    expect(stateIsFresh(state, now)).toBe(true);
    expect(stateIsFresh(state, later(STATE_SECONDS - 1))).toBe(true);
    expect(stateIsFresh(state, later(STATE_SECONDS))).toBe(false);
    expect(stateIsFresh(state, later(86_400))).toBe(false);
  });

  test("made by an instance whose clock runs a little ahead it is fresh; one from further ahead is not", () => {
    expect(stateIsFresh(newState(later(30)), now)).toBe(true);
    expect(stateIsFresh(newState(later(3_600)), now)).toBe(false);
  });

  test("one not made here is never fresh", () => {
    for (const state of ["", "forged", "1746100800", "1746100800.short", `x1746100800.${"a".repeat(43)}`]) {
      expect(stateMadeAt(state)).toBeNull();
      expect(stateIsFresh(state, now)).toBe(false);
    }
  });
});
