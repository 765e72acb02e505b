import { act, renderHook } from "@testing-library/react";
import { loadedAfterHydration } from "./loaded-after-hydration";

/** A download the test answers: each call of `load` waits for the test to settle it. */
function downloads() {
  const pending: Array<{ resolve: (module: { name: string }) => void; reject: (error: Error) => void }> = [];
  const load = () => new Promise<{ name: string }>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe("a module loaded once the component reading it has hydrated", () => {
  it("is null until it comes, asked for once by the effect, and then read by every component", async () => {
    const { load, pending } = downloads();
    const later = loadedAfterHydration(load);
    const first = renderHook(() => later.useModule());
    const second = renderHook(() => later.useModule());
    expect(first.result.current).toBeNull();
    expect(pending).toHaveLength(1);

    await act(async () => pending[0]!.resolve({ name: "steps" }));
    expect(first.result.current).toEqual({ name: "steps" });
    expect(second.result.current).toEqual({ name: "steps" });
  });

  it("makes an act wait for it; a failed download runs the act's fallback, and the next act asks again", async () => {
    const { load, pending } = downloads();
    const later = loadedAfterHydration(load);
    const order: string[] = [];
    const act1 = new Promise<void>((resolve) =>
      later.withModule(
        () => order.push("first act with it"),
        () => {
          order.push("first act without it");
          resolve();
        },
      ),
    );
    order.push("asked");
    pending[0]!.reject(new Error("connection reset"));
    await act1;

    const hook = renderHook(() => later.useModule());
    const act2 = new Promise<void>((resolve) =>
      later.withModule(
        (module) => {
          order.push(`second act with ${module.name}`);
          resolve();
        },
        () => order.push("second act without it"),
      ),
    );
    // The hook's effect and the second act share one new download.
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]!.resolve({ name: "steps" }));
    await act2;
    expect(hook.result.current).toEqual({ name: "steps" });

    later.withModule(
      () => order.push("third act, at once"),
      () => order.push("third act without it"),
    );
    expect(order).toEqual(["asked", "first act without it", "second act with steps", "third act, at once"]);
  });
});
