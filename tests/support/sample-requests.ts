/** Valid requests as the forms send them (text as typed), with dates that are never in the past. */
import { dateAfter, localDate, MARYLAND } from "../../src/lib/maryland-time/local-time";

/** The date (YYYY-MM-DD) `days` after today in Maryland: calendar days, whatever this machine's zone. */
export function daysFromToday(days: number): string {
  return dateAfter(localDate(Date.now(), MARYLAND), days);
}

let visitors = 0;

/**
 * A request as the schedule form sends it. Each has an e-mail address, a phone number and a house
 * number of its own, as different visitors' would: the site limits the bookings one mailbox, phone
 * number or property holds at once.
 */
export function scheduleRequest(overrides: Record<string, unknown> = {}) {
  visitors += 1;
  return {
    mainInspection: "residential",
    addOns: ["radon"],
    waterPackages: ["basic-potability"],
    street: `${100 + visitors} Severn Avenue`,
    city: "Annapolis",
    zip: "21403",
    county: "Anne Arundel",
    propertyType: "single-family",
    squareFeet: "2100",
    yearBuilt: "1962",
    foundation: "crawlspace",
    firstDate: daysFromToday(7),
    firstWindow: "morning",
    secondDate: daysFromToday(8),
    secondWindow: "afternoon",
    name: "Ann Client",
    email: `ann.client${visitors}@example.com`,
    phone: `(410) 555-${2000 + (visitors % 8000)}`,
    heardFrom: "agent",
    agentName: "Bea Agent",
    agentEmail: "bea.agent@example.com",
    notes: "The side gate is unlocked.",
    website: "",
    ...overrides,
  };
}

export function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: "Carl Owner",
    email: "carl@example.com",
    phone: "",
    topic: "radon",
    message: "Do you test for radon in Howard County rentals?",
    website: "",
    ...overrides,
  };
}

/** The job of a booking: a radon test alone, short enough that many fit in a day. */
export const SHORT_JOB = {
  mainInspection: "none",
  addOns: ["radon"],
  waterPackages: [] as string[],
  squareFeet: "2100",
  county: "Anne Arundel",
};

/** The query that asks the availability function about a job. */
export type Job = typeof SAMPLE_JOB;

export function jobQuery(job: {
  mainInspection: string;
  addOns: string[];
  waterPackages: string[];
  squareFeet: string;
  county: string;
}) {
  return new URLSearchParams({
    ...job,
    addOns: job.addOns.join(","),
    waterPackages: job.waterPackages.join(","),
  }).toString();
}

/** The job of the sample request: a residential inspection with a radon test and a water test. */
export const SAMPLE_JOB = {
  mainInspection: "residential",
  addOns: ["radon"],
  waterPackages: ["basic-potability"],
  squareFeet: "2100",
  county: "Anne Arundel",
};

/** A booking as the schedule form sends it: the sample request without its preferred dates, and a start. */
export function bookingRequest(start: string, overrides: Record<string, unknown> = {}) {
  const { firstDate: _1, firstWindow: _2, secondDate: _3, secondWindow: _4, ...request } = scheduleRequest();
  return { ...request, start, ...overrides };
}
