import { cn } from "./cn";

describe("cn", () => {
  it("joins the classes it is given and skips empty ones", () => {
    expect(cn("mx-auto", false, undefined, "py-12", null, "", { hidden: false, "md:hidden": true })).toBe(
      "mx-auto py-12 md:hidden",
    );
  });

  it("lets a caller's class replace the component's own that sets the same property", () => {
    expect(cn("mx-auto w-full max-w-7xl px-4", "max-w-3xl py-12")).toBe("mx-auto w-full px-4 max-w-3xl py-12");
    expect(cn("inline-block size-6", "size-5")).toBe("inline-block size-5");
    expect(cn("flex", "inline-flex")).toBe("inline-flex");
    expect(cn("mt-4", "-mt-2")).toBe("-mt-2");
    expect(cn("px-4 py-2", "p-3")).toBe("p-3");
  });

  it("keeps classes that set different properties, or one property at different breakpoints", () => {
    const apart = "max-w-7xl w-full px-4 sm:px-6 py-12 mx-auto mt-4 text-sm text-white";
    expect(cn(apart)).toBe(apart);
    expect(cn("flex md:hidden")).toBe("flex md:hidden");
    expect(cn("sm:px-6", "sm:px-8")).toBe("sm:px-8");
  });
});
