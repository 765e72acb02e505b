/**
 * A booking as its own page reads it: GET /api/booking?token= and each POST answer
 * (src/lib/server/booking/manage-booking.ts), and what a visitor may ask of it.
 */
import { bookedTimeText } from "./booked-time";
import { MARYLAND, rfc3339 } from "./local-time";

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
}

export type BookingAction = { action: "cancel" } | { action: "move"; start: string } | { action: "confirm" };

/** What a change did, for the page that follows it: the booking before and after. */
export interface BookingChange {
  action: BookingAction["action"];
  before: ManagedBooking;
  after: ManagedBooking;
}

/** An instant (ISO 8601, any offset) as Maryland's clock shows it: "Tuesday, December 1, 2026, 10:30 am". */
export function marylandTimeText(instant: string): string {
  return bookedTimeText(rfc3339(Date.parse(instant), MARYLAND));
}
