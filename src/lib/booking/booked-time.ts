/** A booked time as Maryland's clock shows it, read from its RFC 3339 text. */
import { clockWords } from "./hours-sentence";

/** "Tuesday, December 1, 2026, 10 am". */
export function bookedTimeText(start: string): string {
  const [year, month, day] = start.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, 12)).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${date}, ${clockWords(start.slice(11, 16))}`;
}
