import { useSyncExternalStore } from "react";
import { getToasts, subscribeToToasts, type ToastItem } from "../lib/ui/toast-store";

const noToasts: ToastItem[] = [];

/** The notifications currently in the store, re-rendering when they change. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToToasts, getToasts, () => noToasts);
}
