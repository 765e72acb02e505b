/**
 * Today's date in Maryland (YYYY-MM-DD) for the schedule page's first download, from the
 * platform's own time-zone database through Intl: no rules written here, and no library (the form
 * needs only the date; @date-fns/tz, 3 KB of gzip JavaScript, comes with the calendar, which loads
 * when its step opens, and would put /schedule over its budget). The server and everything else
 * use `localDate` (./local-time.ts); a test holds the two to the same date at every hour.
 */
let formatter: Intl.DateTimeFormat | undefined;

/** The formatter is made at the first call, not on import: a page's first Intl formatter loads the locale's data. */
export const marylandToday = (now: Date = new Date()): string =>
  (formatter ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })).format(now);
