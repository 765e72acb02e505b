/**
 * Choosing an open time in the schedule form's calendar. Tests that book in parallel each take a
 * day of their own (the nth day with open times, a number fixed per test and width), so two tests
 * never compete for one time unless they mean to. The browser tests start from an empty outbox
 * (playwright.config.ts), and no test books a day full, so the nth day stays the nth.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The days with open times each test books on, counted from the first; the phone's is the next one. */
export const DAY_SLOTS = {
  fillsEverything: 0,
  keyboard: 2,
  takenMeanwhile: 4,
  reload: 6,
  manage: 8,
  typedWithComma: 10,
  move: 12,
  sameAddress: 14,
  agreement: 16,
  /** A booking from an area page (tests/e2e/areas.spec.ts). */
  areaPage: 18,
  notices: 22,
  signingFor: 24,
  agentCopy: 28,
  deskCaller: 34,
  /** Past the days of tests/e2e/desk.spec.ts (40 to 43); its booking is then moved into the past. */
  deskReport: 44,
  /** The desk on a phone (tests/e2e/desk-phone.spec.ts): its bookings, time off and report delivered. */
  deskPhone: 46,
  /** A booking made on a page whose scripts were held back (tests/e2e/form-hydration.spec.ts). */
  hydration: 48,
  /** A visit under way and a booking moved on the desk, and the client's own page (tests/e2e/desk-visit.spec.ts). */
  deskVisit: 18,
  /** An agent books for a client from their page (tests/e2e/agents.spec.ts). */
  agentBooks: 38,
} as const;

const dayNumber = (slot: number, project: string) => slot + (project === "phone" ? 1 : 0);

/**
 * The button of the `slot`-th day with open times, after moving the calendar on to its month
 * (with a click, or with Enter for a keyboard user).
 */
export async function openDay(page: Page, slot: number, project: string, press = false): Promise<Locator> {
  let wanted = dayNumber(slot, project);
  const loaded = page.getByRole("status").filter({ hasText: /open times this month|No open times/ });
  const caption = page.locator(".rdp-caption_label");
  await expect(loaded).toBeVisible();
  for (;;) {
    const openDays = page.getByRole("grid").locator("button:not([disabled])");
    const count = await openDays.count();
    if (wanted < count) return openDays.nth(wanted);
    wanted -= count;
    const month = (await caption.textContent()) ?? "";
    const nextMonth = page.getByRole("button", { name: /next month/i });
    if (press) {
      await nextMonth.focus();
      await page.keyboard.press("Enter");
    } else await nextMonth.click();
    await expect(caption).not.toHaveText(month);
    await expect(loaded).toBeVisible();
  }
}

/**
 * The calendar's button of `day` (YYYY-MM-DD, Maryland's), after moving the calendar on to its
 * month: disabled when the day has no open time.
 */
export async function dateButton(page: Page, day: string): Promise<Locator> {
  const date = new Date(`${day}T12:00:00Z`);
  const words = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString("en-US", { ...options, timeZone: "UTC" });
  const loaded = page.getByRole("status").filter({ hasText: /open times this month|No open times/ });
  const caption = page.locator(".rdp-caption_label");
  await expect(loaded).toBeVisible();
  for (let month = (await caption.textContent()) ?? ""; month !== words({ month: "long", year: "numeric" });) {
    await page.getByRole("button", { name: /next month/i }).click();
    await expect(caption).not.toHaveText(month);
    await expect(loaded).toBeVisible();
    month = (await caption.textContent()) ?? "";
  }
  // react-day-picker names a day as date-fns's "PPPP" writes it: "Friday, January 15th, 2027".
  const ordinal = /1\d$/.test(String(date.getUTCDate()))
    ? "th"
    : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[date.getUTCDate() % 10] ?? "th");
  const name = `${words({ weekday: "long" })}, ${words({ month: "long" })} ${date.getUTCDate()}${ordinal}, ${date.getUTCFullYear()}`;
  return page.getByRole("grid").getByRole("button", { name: new RegExp(`^(Today, )?${name}`) });
}

/** Chooses the `slot`-th day with open times and its first time; returns that time as shown. */
export async function chooseOpenTime(page: Page, slot: number, project: string): Promise<string> {
  await (await openDay(page, slot, project)).click();
  const first = page
    .getByRole("group", { name: /^Open times on / })
    .getByRole("button")
    .first();
  const label = (await first.textContent())!.trim();
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  return label;
}

/** The month after this one, as YYYY-MM (the availability function's month). */
export const nextMonth = () => {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
};
