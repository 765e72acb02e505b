/**
 * A booking as its own page reads it: GET /api/booking?token= and each POST answer
 * (src/features/booking/server/manage-booking.ts), and what a visitor may ask of it.
 */
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { PaymentFigures } from "../../payment-ledger/shared";

export interface ManagedBooking {
  reference: string;
  /** "pending" until the link in the first e-mail confirms it; "expired" when not confirmed in time. */
  status: "pending" | "booked" | "cancelled" | "expired";
  start: string;
  /** The start in words, as Maryland's clock shows it. */
  when: string;
  /** Whether it can still be moved or cancelled here, rather than by phone. */
  changeable: boolean;
  cutoffHours: number;
  /** A pending booking's deadline to confirm, ISO 8601. */
  confirmBy?: string;
  /** The calendar file (RFC 5545) while the booking is live. */
  invite?: string;
  job: { mainInspection: string; addOns: string[]; waterPackages: string[]; squareFeet: number; county: string };
  /** What was booked, in the site's words. */
  services: string[];
  /** The property's address. */
  location: string;
  /** What it costs, as quoted when it was booked, in dollars. */
  estimate: number | null;
  /** The client's signature of the inspection agreement, once signed. */
  agreement: { by: string; signedAtText: string } | null;
  /** Whether the page was opened from the client's own link (which alone signs and shares the report). */
  client: boolean;
  /** The client's signing page (path and query) while the booking stands and the agreement waits for them. */
  signPath: string | null;
  /**
   * The client's say in whether their agent, who gets the booking's e-mails, also gets the
   * inspection report (client's link only; null without such an agent): when they said yes, in
   * Maryland's words, or null; and when the report went out, if it has.
   */
  agentReport: { agent: string; consentedAt: string | null; reportDelivered: string | null } | null;
  /** Where its payment stands (src/features/payments/server/payment-status.ts), in cents. */
  payment: BookingPayment;
  /** While it is live: what cancelling it now would refund of what was paid online, and keep. */
  cancelRefund: { refundedCents: number; keptCents: number } | null;
}

export interface BookingPayment extends PaymentFigures {
  /** What its "pay now" link (/api/pay?token=) asks now; 0 when there is none to offer. */
  dueCents: number;
}

export type BookingAction =
  | { action: "cancel" }
  | { action: "move"; start: string }
  | { action: "confirm" }
  | { action: "agent-report"; consent: boolean };

/** What a change of the booking's time did, for the page that follows it: the booking before and after. */
export interface BookingChange {
  action: Exclude<BookingAction["action"], "agent-report">;
  before: ManagedBooking;
  after: ManagedBooking;
}

/**
 * Maryland's wall clock through Intl, not @date-fns/tz: the schedule page's confirmation uses it,
 * and the time-zone library would add 3 KB of gzip JavaScript to that page (npm run test:weight).
 */
const marylandClock = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant (ISO 8601, any offset) as Maryland's clock shows it: "Tuesday, December 1, 2026, 10:30 am". */
export function marylandTimeText(instant: string): string {
  const part = Object.fromEntries(
    marylandClock.formatToParts(new Date(instant)).map(({ type, value }) => [type, value]),
  ) as Record<string, string>;
  return bookedTimeText(`${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`);
}
