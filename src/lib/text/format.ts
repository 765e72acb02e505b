/**
 * Prices and counts as en-US writes them. Written out rather than with Intl.NumberFormat: the first
 * Intl formatter a page creates loads the locale's data, which measured 48 ms on a service page's
 * start-up in Chromium on this machine (about 190 ms on Lighthouse's simulated phone), all of it
 * inside hydration. Whole numbers with commas need none of that.
 */

/** 11,000 (rounded to a whole number) */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 && grouped !== "0" ? `-${grouped}` : grouped;
}

/** $1,250 (whole dollars); -$50 */
export function formatDollars(amount: number): string {
  const count = formatCount(amount);
  return count.startsWith("-") ? `-$${count.slice(1)}` : `$${count}`;
}

/** A calendar date (YYYY-MM-DD) as a person reads it: "March 10, 2027", the same in every time zone. */
export function longDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Words as a list reads them: "a", "a and b", "a, b and c". */
export function wordList(words: readonly string[]): string {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** A name's possessive: "Casey's", and "Severn Ridge Home Inspections'" for a name ending in s. */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** $1,234.50 from cents (never negative: amounts owed and paid) */
export function formatCents(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  return `$${formatCount(whole)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

/** A file's size as a person reads it: "40.0 MB", or "8 KB" for one under a megabyte (never "0.0 MB"). */
export function formatFileSize(bytes: number): string {
  const megabyte = 1024 * 1024;
  return bytes < megabyte ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : `${(bytes / megabyte).toFixed(1)} MB`;
}
