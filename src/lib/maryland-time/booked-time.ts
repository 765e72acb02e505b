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

/**
 * A booked time with its end: "Tuesday, December 1, 2026, 10 am to 12:30 pm". The end is the
 * start's wall-clock time plus the time on site: jobs lie within opening hours, never across the
 * night when the clocks change.
 */
export function bookedSpanText(start: string, onSiteMinutes: number): string {
  const [hours, minutes] = start.slice(11, 16).split(":").map(Number) as [number, number];
  const end = hours * 60 + minutes + onSiteMinutes;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${bookedTimeText(start)} to ${clockWords(`${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`)}`;
}
