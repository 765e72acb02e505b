/**
 * What Radix's tooltips need to run under jsdom in a unit test file: a ResizeObserver, since
 * Radix measures the trigger and the arrow and jsdom has none (nothing is laid out, so it never
 * reports), and a fake clock, so the tooltip's delays are advanced by hand and nothing depends on
 * how busy the machine is.
 */
export function runRadixTooltipsInJsdom() {
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
}
