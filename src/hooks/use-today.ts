import { startTransition, useEffect, useState } from "react";
import { marylandToday } from "../lib/maryland-time/maryland-today";

/**
 * Today's date in Maryland, read in the browser once `needed`; null until then, so the static HTML
 * never carries the build's date. Read on demand, not at start-up: the first Intl formatter a page
 * makes loads the locale's data (src/lib/text/format.ts). Set in a transition, whose render yields.
 */
export function useToday(needed: boolean): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    if (needed) startTransition(() => setToday(marylandToday()));
  }, [needed]);
  return today;
}
