import React, { useSyncExternalStore } from "react";
import { isRouteLoading, subscribeToRouteLoading } from "../../lib/ui/route-loading";
import { Spinner } from "../ui/spinner";

/** Shown while the next page's code and data load. The live region stays mounted so it is announced. */
export function RouteSpinner() {
  const loading = useSyncExternalStore(subscribeToRouteLoading, isRouteLoading, () => false);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center"
    >
      {loading && (
        <span className="flex items-center gap-3 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-lg ring-1 ring-slate-200">
          <Spinner size="sm" />
          Loading page…
        </span>
      )}
    </div>
  );
}
