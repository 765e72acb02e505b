import { isRouteLoading, routeLoadingFinished, routeLoadingStarted, SHOW_AFTER_MS, subscribeToRouteLoading } from "./route-loading";

describe("route loading state", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    routeLoadingFinished();
    jest.useRealTimers();
  });

  it("reports loading once a navigation outlasts the delay, until it finishes", () => {
    const changes = jest.fn();
    const unsubscribe = subscribeToRouteLoading(changes);
    routeLoadingStarted();
    jest.advanceTimersByTime(SHOW_AFTER_MS - 1);
    expect(isRouteLoading()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(isRouteLoading()).toBe(true);
    routeLoadingFinished();
    expect(isRouteLoading()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("never shows for a navigation that finishes quickly", () => {
    routeLoadingStarted();
    jest.advanceTimersByTime(SHOW_AFTER_MS / 2);
    routeLoadingFinished();
    jest.advanceTimersByTime(SHOW_AFTER_MS * 10);
    expect(isRouteLoading()).toBe(false);
  });
});
