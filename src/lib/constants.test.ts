import * as constants from "./constants";

describe("specification constants", () => {
  it("match section 9 of the specification", () => {
    expect(constants).toMatchObject({
      TOOLTIP_DELAY_MS: 700,
      TOOLTIP_SKIP_DELAY_MS: 300,
      TOAST_LIMIT: 1,
      TOAST_DURATION_MS: 5000,
      TOAST_SWIPE_THRESHOLD_PX: 50,
      TOAST_SWIPE_DIRECTION: "right",
      TOAST_HOTKEY: ["F8"],
      TOAST_REMOVE_DELAY_MS: 1_000_000,
      QUERY_REFETCH_INTERVAL: false,
      QUERY_REFETCH_ON_WINDOW_FOCUS: false,
      QUERY_STALE_TIME: Infinity,
      QUERY_RETRY: false,
      MUTATION_RETRY: false,
      QUERY_GC_TIME_MS: 300_000,
      RETRY_BACKOFF_CAP_MS: 30_000,
    });
  });
});
