/**
 * Today's date in Maryland (YYYY-MM-DD), from the platform's own time-zone database through Intl:
 * no rules written here, and no library in the schedule page's first download (the form needs
 * only the date; @date-fns/tz comes with the calendar, which loads when its step opens).
 */
const formatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export const marylandToday = (now: Date = new Date()): string => formatter.format(now);
