/**
 * How the interface behaves in time, in one place: tooltips, notifications and the data layer
 * read these numbers from here and from nowhere else, so the site's feel is set in one file.
 */

/** Tooltip open delay on hover (ms): long enough that a pointer passing over a term opens nothing. */
export const TOOLTIP_DELAY_MS = 700;
/** After a tooltip closes, another opens at once within this window (ms). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** At most this many notifications are visible at a time: the newest result is the one that counts. */
export const TOAST_LIMIT = 1;
/** How long a notification stays before it closes by itself (ms). */
export const TOAST_DURATION_MS = 5000;
/** Swiping a notification this far to the right dismisses it (px). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = "right" as const;
/** Pressing this key moves focus to the notification viewport. */
export const TOAST_HOTKEY = ["F8"];
/** A dismissed notification is removed from the store after this delay (ms). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/**
 * Data queries: never refetch on a timer or on focus, never stale, never retried. The site's data
 * is what the build wrote, and the only calls send a request once: a retry could send it twice.
 */
export const QUERY_REFETCH_INTERVAL = false as const;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;
export const QUERY_STALE_TIME = Infinity;
export const QUERY_RETRY = false as const;
export const MUTATION_RETRY = false as const;
/** Unused data is kept for 5 minutes: TanStack Query's default, stated here so it is visible. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
/** TanStack Query's default retry backoff cap; unused while retries are off. */
export const RETRY_BACKOFF_CAP_MS = 30_000;

/** The language of every page and of the feed. */
export const SITE_LANGUAGE = "en-US";
