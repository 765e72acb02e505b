import { renderHook, waitFor } from "@testing-library/react";
import { marylandToday } from "../lib/maryland-time/maryland-today";
import { useToday } from "./use-today";

describe("today's date in Maryland, read when a form needs it", () => {
  it("stays unknown until needed, then is the Maryland date", async () => {
    const { result, rerender } = renderHook(({ needed }) => useToday(needed), { initialProps: { needed: false } });
    expect(result.current).toBeNull();
    const before = marylandToday();
    rerender({ needed: true });
    await waitFor(() => expect(result.current).not.toBeNull());
    // Read between the two: either, should Maryland's midnight fall between them.
    expect([before, marylandToday()]).toContain(result.current);
  });
});
