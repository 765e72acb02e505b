import { useEffect, useState } from "react";
import { marylandToday } from "../lib/maryland-time/maryland-today";

/**
 * Today's date in Maryland, once the page runs in the browser. Null during the build's
 * render and the first browser render, so the static HTML never carries the build's date.
 */
export function useToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the date is only known in the browser
  useEffect(() => setToday(marylandToday()), []);
  return today;
}
