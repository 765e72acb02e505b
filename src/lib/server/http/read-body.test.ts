import { nestedDeeperThan } from "./read-body";

/** `levels` lists, one inside the other, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i += 1) value = [value];
  return value;
}

describe("nestedDeeperThan", () => {
  it("counts the body itself as the first level and each object or list inside as one more", () => {
    expect(nestedDeeperThan({ a: 1, b: "x" }, 1)).toBe(false);
    expect(nestedDeeperThan({ addOns: ["radon"] }, 1)).toBe(true);
    expect(nestedDeeperThan({ addOns: ["radon"] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: { b: { c: [] } } }, 3)).toBe(true);
    expect(nestedDeeperThan("text", 1)).toBe(false);
    expect(nestedDeeperThan(null, 1)).toBe(false);
  });

  it("accepts exactly the limit and refuses one level more", () => {
    expect(nestedDeeperThan({ extra: nested(7) }, 8)).toBe(false);
    expect(nestedDeeperThan({ extra: nested(8) }, 8)).toBe(true);
  });

  it("finds a deep branch beside shallow ones", () => {
    expect(nestedDeeperThan({ a: [1, 2, 3], b: { c: 1 }, d: [[[[[[[[[]]]]]]]]] }, 8)).toBe(true);
  });

  it("answers for a body nested far deeper than a call stack allows, without overflowing it", () => {
    expect(nestedDeeperThan({ extra: nested(1_000_000) }, 8)).toBe(true);
  });
});
