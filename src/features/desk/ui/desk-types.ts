import { clockWords } from "../../../lib/maryland-time/hours-sentence";

export type { DeskDays, DeskItem, DeskSession } from "../shared/desk-item";

/** YYYY-MM-DD `days` after a date. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** "Thursday, November 26" for a YYYY-MM-DD. */
export const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** "10:30 am" for an RFC 3339 time in Maryland's offset, in the words the rest of the site uses. */
export const clockText = (at: string) => clockWords(at.slice(11, 16));
