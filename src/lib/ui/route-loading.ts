/**
 * Whether the next route's code and data are still loading. Gatsby keeps the old page on
 * screen until the new one's resources arrive and reports the route change only afterwards,
 * so gatsby-browser reports a navigation's start (a link's navigate call, Back/Forward) and
 * its end (the new route rendered). The spinner shows only when loading outlasts
 * SHOW_AFTER_MS, so quick navigations never flash it.
 */
import { normalizePath } from "./nav-state";

export const SHOW_AFTER_MS = 120;

let loading = false;
let renderedPath: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (loading === next) return;
  loading = next;
  listeners.forEach((listener) => listener());
}

/** A navigation to `pathname` began; staying on the page shown (e.g. a hash link) is not one. */
export function routeRequested(pathname: string): void {
  if (normalizePath(pathname) === renderedPath) return;
  clearTimeout(timer);
  timer = setTimeout(() => set(true), SHOW_AFTER_MS);
}

/** The page at `pathname` is now on screen. */
export function routeRendered(pathname: string): void {
  renderedPath = normalizePath(pathname);
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
