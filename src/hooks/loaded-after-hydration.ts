/**
 * A module a page needs once a person acts, not to hydrate: asked for once the component that reads it
 * has hydrated, so the page hydrates with less script (docs/performance.md, "Hydration"). The forms'
 * checks (use-form-checks.ts) and the schedule's later steps come so.
 */
import { startTransition, useEffect, useState } from "react";

export interface LoadedAfterHydration<M> {
  /** The module once it has come: null while the page is built and in the render that hydrates it. */
  useModule: () => M | null;
  /** Runs `act` with the module, at once when it is here, else when it comes; `without` if it cannot be had. */
  withModule: (act: (module: M) => void, without: () => void) => void;
}

export function loadedAfterHydration<M>(load: () => Promise<M>): LoadedAfterHydration<M> {
  let found: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();

  /** Asked for once; after a failed download the next call asks again. */
  const ask = (): Promise<M> => {
    loading ??= load().then(
      (module) => {
        found = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return {
    useModule() {
      // Null in the render that hydrates: nothing asks for the module before an effect has run.
      const [module, setModule] = useState<M | null>(() => found);
      useEffect(() => {
        let mounted = true;
        // A transition: the render it brings (a whole form) yields to the browser, no long task.
        const show = () =>
          startTransition(() => {
            if (mounted) setModule(found);
          });
        listeners.add(show);
        if (found) show();
        // A failed download is asked for again by the next act that needs it.
        else ask().catch(() => undefined);
        return () => {
          mounted = false;
          listeners.delete(show);
        };
      }, []);
      return module;
    },
    withModule(act, without) {
      if (found) act(found);
      else ask().then(act, without);
    },
  };
}
