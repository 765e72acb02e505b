import { isRouteLoading, routeRendered, routeRequested, SHOW_AFTER_MS, subscribeToRouteLoading } from "./route-loading";

describe("route loading state", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    routeRendered("/");
  });
  afterEach(() => jest.useRealTimers());

  it("reports loading once a navigation outlasts the delay, until the new page renders", () => {
    const changes = jest.fn();
    const unsubscribe = subscribeToRouteLoading(changes);
    routeRequested("/faq");
    jest.advanceTimersByTime(SHOW_AFTER_MS - 1);
    expect(isRouteLoading()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(isRouteLoading()).toBe(true);
    routeRendered("/faq");
    expect(isRouteLoading()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("never shows for a navigation that finishes quickly", () => {
    routeRequested("/faq");
    jest.advanceTimersByTime(SHOW_AFTER_MS / 2);
    routeRendered("/faq");
    jest.advanceTimersByTime(SHOW_AFTER_MS * 10);
    expect(isRouteLoading()).toBe(false);
  });

  it("ignores a navigation to the page already shown, which renders nothing new", () => {
    routeRendered("/about");
    routeRequested("/about/");
    jest.advanceTimersByTime(SHOW_AFTER_MS * 10);
    expect(isRouteLoading()).toBe(false);
  });
});
