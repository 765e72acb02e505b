/**
 * The forms' checks (request-schemas.ts, with zod) come after a form has hydrated, not with the page:
 * they are a third of what a form page's script weighs more than a reading page's, and every KB
 * before hydration delays it (docs/performance.md, "Hydration"). A form reads them with
 * useFormChecks, null in the render that hydrates it; what needs them at once (moving on, sending)
 * goes through withFormChecks, which waits for them.
 */
import { useEffect, useSyncExternalStore } from "react";

export type FormChecks = typeof import("../lib/request-schemas");

let checks: FormChecks | null = null;
let loading: Promise<FormChecks> | null = null;
const listeners = new Set<() => void>();

/**
 * The checks, asked for once; after a failed download the next call asks again. Their chunk is left
 * unnamed: Gatsby writes a named chunk's address into every page's HTML (about 15 B gzip each).
 */
export function formChecks(): Promise<FormChecks> {
  loading ??= import("../lib/request-schemas").then(
    (module) => {
      checks = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `act` with the checks: at once when they are here, else when they come. `without` runs
 * instead when they cannot be had (offline): the functions check every request they are sent anyway.
 */
export function withFormChecks(act: (found: FormChecks) => void, without: () => void): void {
  if (checks) act(checks);
  else formChecks().then(act, without);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The checks once they have come, asked for once the form has hydrated. Null while the page is
 * built and in the render that hydrates it, so that render matches the page's HTML.
 */
export function useFormChecks(): FormChecks | null {
  const found = useSyncExternalStore(
    subscribe,
    () => checks,
    () => null,
  );
  useEffect(() => {
    // A failed download is asked for again by the next act that needs the checks.
    formChecks().catch(() => undefined);
  }, []);
  return found;
}
