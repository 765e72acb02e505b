import { useEffect, useState } from "react";
import { marylandToday } from "../lib/request-schemas";

/**
 * Today's date in Maryland, once the page runs in the browser. Null during the build's
 * render and the first browser render, so the static HTML never carries the build's date.
 */
export function useToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    // A task of its own: the time-zone formatter's first use loads ICU data, which would otherwise
    // lengthen the hydration task that runs this effect.
    const timer = setTimeout(() => setToday(marylandToday()));
    return () => clearTimeout(timer);
  }, []);
  return today;
}
