/**
 * The one computation of when a kept record goes: the day (Maryland's, YYYY-MM-DD) its period ends, by date-fns
 * on Maryland's calendar. The data page tells a person that day (kept-data.ts), and the daily retention pass
 * deletes exactly the records whose day it is or has passed (privacy-queries.ts only compares with the instant
 * worked out here), so the two always agree.
 */
import { tz } from "@date-fns/tz";
import { add, parseISO, sub } from "date-fns";
import { dateAfter, localDate, MARYLAND } from "../../../lib/maryland-time/local-time";
import type { PrivacyContent } from "../../../lib/content/content-schema";

/** How long a record is kept from the instant it counts from. */
export interface Period {
  years: number;
  months?: number;
}

/** Each kind of record's period, from content/privacy.yaml, for the data page and the pass alike. */
export function periodsOf(periods: PrivacyContent) {
  return {
    contactMessages: { years: periods.contactMessagesYears },
    requestsNotBooked: { years: periods.requestsNotBookedYears },
    /** Counted from the visit. */
    bookings: { years: periods.bookingsYears },
    dataRequests: { years: periods.dataRequestsYears },
    /**
     * Counted from the visit too, a month on: the report's delivery at the latest (the agreement
     * allows at most 7 business days), so the law's period from delivery is never cut short.
     */
    signedAgreements: { years: periods.signedAgreementsYears, months: 1 },
    /** Counted from the report's delivery, where the desk recorded it. */
    signedAgreementsFromDelivery: { years: periods.signedAgreementsYears },
    /**
     * Signed for a visit that never took place (its booking cancelled, or never confirmed, before
     * it): kept as a schedule request that did not lead to a visit, counted from the signature.
     */
    signedAgreementsNeverHeld: { years: periods.requestsNotBookedYears },
  } satisfies Record<string, Period>;
}
export type PeriodOf = keyof ReturnType<typeof periodsOf>;

/** What a signed agreement's period counts from (instants in ms since 1970). */
export interface AgreementDates {
  signedAt: number;
  visitAt: number;
  /** The report's delivery, where the desk recorded it. */
  deliveredAt: number | null;
  /** False once its booking went without a visit: cancelled, expired or never confirmed. */
  held: boolean;
}

/** The day a signed agreement goes: the rule the privacy notice states for it, as the pass applies it. */
export function agreementGoesOn(agreement: AgreementDates, periods: PrivacyContent): string {
  const kinds = periodsOf(periods);
  if (!agreement.held) return goesOn(agreement.signedAt, kinds.signedAgreementsNeverHeld);
  return agreement.deliveredAt === null
    ? goesOn(agreement.visitAt, kinds.signedAgreements)
    : goesOn(agreement.deliveredAt, kinds.signedAgreementsFromDelivery);
}

/** The start (midnight, Maryland's clock) of a day given as YYYY-MM-DD. */
const startOfDay = (day: string) => parseISO(day, { in: tz(MARYLAND) });

const dayOf = (date: Date) => localDate(date.getTime(), MARYLAND);

// A period ends on the same date so many years (and months) later; where that date does not exist (29 February, 31
// January plus a month) on the last day of that month, as date-fns counts, so never later than the period.
const endOf = (day: string, period: Period) => dayOf(add(startOfDay(day), period));

/** The day a record counted from `from` (ms since 1970) goes: the day its period ends, in Maryland. */
export function goesOn(from: number, period: Period): string {
  return endOf(localDate(from, MARYLAND), period);
}

/**
 * The pass of `today` (YYYY-MM-DD) deletes what was counted from before the instant returned (an
 * ISO time): every record whose `goesOn` day is `today` or earlier, and none later. A period's end
 * never decreases as the day it counts from moves on, so the first day not yet due is found by
 * stepping forward from a day surely due (a period and three days before today).
 */
export function dueBefore(today: string, period: Period): string {
  let last = dayOf(sub(startOfDay(today), { ...period, days: 3 }));
  for (let next = dateAfter(last, 1); endOf(next, period) <= today; next = dateAfter(last, 1)) last = next;
  return new Date(startOfDay(dateAfter(last, 1)).getTime()).toISOString();
}
