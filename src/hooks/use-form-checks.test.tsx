import { act, renderHook, waitFor } from "@testing-library/react";
import { useFormChecks, withFormChecks, type FormChecks } from "./use-form-checks";

/** The module afresh (it keeps the checks once they have come), for a test without React. */
const fresh = async () => {
  let module!: typeof import("./use-form-checks");
  await jest.isolateModulesAsync(async () => {
    module = await import("./use-form-checks");
  });
  return module;
};

describe("the forms' checks, asked for once a form has hydrated", () => {
  it("make an act asked for before they come wait for them", async () => {
    const fromFreshModule = (await fresh()).withFormChecks;
    const order: string[] = [];
    const done = new Promise<void>((resolve) =>
      fromFreshModule(
        (checks) => {
          order.push(`with the checks (${typeof checks.createScheduleSchema})`);
          resolve();
        },
        () => order.push("without them"),
      ),
    );
    order.push("after the call");
    await done;
    expect(order).toEqual(["after the call", "with the checks (function)"]);
  });

  it("are null in a form's first render, then come; an act then runs with them at once", async () => {
    const seen: Array<FormChecks | null> = [];
    const { result } = renderHook(() => {
      const checks = useFormChecks();
      seen.push(checks);
      return checks;
    });
    expect(seen[0]).toBeNull();
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(result.current!.createContactSchema).toEqual(expect.any(Function));

    const order: string[] = [];
    act(() =>
      withFormChecks(
        () => order.push("with the checks"),
        () => order.push("without them"),
      ),
    );
    order.push("after the call");
    expect(order).toEqual(["with the checks", "after the call"]);
  });
});
