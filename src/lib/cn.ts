import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names as shadcn/ui does: clsx skips the empty ones, tailwind-merge drops an earlier
 * class that a later one overrides (`max-w-7xl` then `max-w-3xl` is `max-w-3xl`), so a caller's
 * class wins over a component's own, whatever order Tailwind's style sheet gives them.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
