import { TOAST_REMOVE_DELAY_MS } from "./constants";
import { dismissToast, getToasts, resetToasts, subscribeToToasts, toast } from "./toast-store";

describe("notification store", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetToasts();
  });
  afterEach(() => jest.useRealTimers());

  it("keeps one notification visible: a new one replaces the old", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    const third = toast({ title: "Third", variant: "error" });
    expect(getToasts()).toEqual([{ id: third, title: "Third", variant: "error", open: true }]);
  });

  it("closes a dismissed notification at once and removes it after 1,000,000 ms", () => {
    const id = toast({ title: "Request sent" });
    dismissToast(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("dismisses every notification when no id is given", () => {
    toast({ title: "One" });
    dismissToast();
    expect(getToasts().every((item) => !item.open)).toBe(true);
  });

  it("tells subscribers of each change until they unsubscribe", () => {
    const seen: string[][] = [];
    const unsubscribe = subscribeToToasts((items) => seen.push(items.map((item) => item.title)));
    toast({ title: "Hello" });
    unsubscribe();
    toast({ title: "Unheard" });
    expect(seen).toEqual([["Hello"]]);
  });
});
