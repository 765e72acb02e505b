/** Dates as the forms send them: YYYY-MM-DD, a day on the calendar with no time or zone. */
import { isExists } from "date-fns";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Written as YYYY-MM-DD, whether or not such a day exists. */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value);
}

/** A YYYY-MM-DD date that is on the calendar: not 2026-13-45, not February 30. */
export function isCalendarDate(value: string): boolean {
  if (!isIsoDate(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return isExists(year, month - 1, day);
}
