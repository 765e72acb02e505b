/**
 * The inspectors as the desk names them: a booking keeps its inspector's number, so the list's
 * order changes no booking, and a number taken out of the list still shows, named as such.
 */
import { inspectorName, inspectorsFor, UNLISTED_COLOUR } from "./inspectors";

const dana = { number: 1, name: "Dana Whitfield", colour: "#174f73" };
const marcus = { number: 2, name: "Marcus Bell", colour: "#b45309" };

describe("an inspector's name", () => {
  it("follows the number, whatever the order of the list", () => {
    expect(inspectorName([dana, marcus], 2)).toBe("Marcus Bell");
    expect(inspectorName([marcus, dana], 2)).toBe("Marcus Bell");
    expect(inspectorName([marcus, dana], 1)).toBe("Dana Whitfield");
  });

  it("says so of a number no longer listed", () => {
    expect(inspectorName([marcus], 1)).toBe("Inspector 1 (no longer listed)");
  });
});

describe("the inspectors a day's items are shown under", () => {
  it("are those listed, in the list's order, then each number no longer listed that holds an item", () => {
    const items = [{ inspector: 3 }, { inspector: 2 }, { inspector: 3 }];
    expect(inspectorsFor([marcus, dana], items)).toEqual([
      marcus,
      dana,
      { number: 3, name: "Inspector 3 (no longer listed)", colour: UNLISTED_COLOUR },
    ]);
    expect(inspectorsFor([dana, marcus], [])).toEqual([dana, marcus]);
  });
});
