/**
 * The steps of the schedule form and their fields, in the order they appear. A booking (the owner's
 * availability.yaml has booking on) chooses an open time; a request names two preferred dates and
 * the office calls back. Each step's fields are names from schedule-fields.ts, so a misspelt or
 * removed field does not compile, and neither does a field that no step shows.
 */
import type { ScheduleFieldName } from "./schedule-fields";

/** The fields only a request for a call-back has (two preferred dates), and the one only a booking has. */
export const PREFERRED_DATES = [
  "firstDate",
  "firstWindow",
  "secondDate",
  "secondWindow",
] as const satisfies readonly ScheduleFieldName[];
export const BOOKED_TIME = ["start"] as const satisfies readonly ScheduleFieldName[];

export interface ScheduleStep {
  id: string;
  title: string;
  fields: readonly ScheduleFieldName[];
}

const service = {
  id: "service",
  title: "What to inspect",
  fields: ["mainInspection", "addOns", "waterPackages"],
} as const satisfies ScheduleStep;
const property = {
  id: "property",
  title: "The property",
  fields: ["street", "city", "zip", "county", "propertyType", "squareFeet", "yearBuilt", "foundation"],
} as const satisfies ScheduleStep;
const time = { id: "time", title: "Choose a time", fields: BOOKED_TIME } as const satisfies ScheduleStep;
const dates = { id: "dates", title: "Preferred dates", fields: PREFERRED_DATES } as const satisfies ScheduleStep;
const client = {
  id: "client",
  title: "Your details",
  fields: [
    "bookedByAgent",
    "name",
    "email",
    "phone",
    "agentName",
    "agentEmail",
    "copyAgent",
    "agentReport",
    "agentPhone",
    "heardFrom",
    "notes",
  ],
} as const satisfies ScheduleStep;
// Asked on sending, only when the address already has an inspection at an overlapping time.
const review = { id: "review", title: "Review and send", fields: ["sameAddress"] } as const satisfies ScheduleStep;

/** Compiles only when T is never; otherwise the error names what T holds. */
type NoneOf<T extends never> = T;
/** Every field a visitor fills in is on a step of one mode or the other; the honeypot, never seen, is on none. */
type _EveryFieldOnAStep = NoneOf<
  Exclude<
    ScheduleFieldName,
    | (typeof service | typeof property | typeof time | typeof dates | typeof client | typeof review)["fields"][number]
    | "website"
  >
>;

export function scheduleStepsFor(booking: boolean): readonly ScheduleStep[] {
  return [service, property, booking ? time : dates, client, review];
}
