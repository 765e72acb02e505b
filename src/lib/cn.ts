/** Joins class names, skipping empty ones; the caller's classes come last. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
