import { classConflicts, cn } from "./cn";

describe("cn", () => {
  it("joins the classes it is given and skips empty ones", () => {
    expect(cn("mx-auto", false, undefined, "py-12", null, "")).toBe("mx-auto py-12");
  });

  it("refuses a caller's width that could silently lose to the component's own", () => {
    expect(() => cn("mx-auto w-full max-w-7xl px-4", "max-w-3xl py-12")).toThrow(/max-w-7xl.*max-w-3xl/);
    expect(() => cn("inline-block size-6", "size-5")).toThrow(/size-6.*size-5/);
  });

  it("tells properties and breakpoints apart", () => {
    expect(classConflicts("max-w-7xl w-full px-4 sm:px-6 py-12 mx-auto mt-4 text-sm text-white")).toEqual([]);
    expect(classConflicts("flex md:hidden")).toEqual([]);
    expect(classConflicts("flex inline-flex")).toEqual([["flex", "inline-flex"]]);
    expect(classConflicts("sm:px-6 sm:px-8")).toEqual([["sm:px-6", "sm:px-8"]]);
    expect(classConflicts("mt-4 -mt-2")).toEqual([["mt-4", "-mt-2"]]);
  });
});
