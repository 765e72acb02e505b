/**
 * Whether a route's code and data are still loading. gatsby-browser reports the start and
 * end of each navigation; the spinner shows only when loading outlasts SHOW_AFTER_MS, so
 * fast navigations do not flash it.
 */
export const SHOW_AFTER_MS = 120;

let loading = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (loading === next) return;
  loading = next;
  listeners.forEach((listener) => listener());
}

export function routeLoadingStarted(): void {
  clearTimeout(timer);
  timer = setTimeout(() => set(true), SHOW_AFTER_MS);
}

export function routeLoadingFinished(): void {
  clearTimeout(timer);
  set(false);
}

export function isRouteLoading(): boolean {
  return loading;
}

export function subscribeToRouteLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
