/**
 * The fields of the schedule request: the one list of their names, each with its own check, so a
 * field can be checked as the visitor leaves it. The form's steps (schedule-steps.ts), the whole
 * request's schema (request-schemas.ts) and the form's values are typed from these names.
 */
import * as z from "zod/mini";
import {
  AGENT_REPORT,
  BOOKED_BY_AGENT,
  COPY_AGENT,
  SAME_ADDRESS_CONFIRMED,
  NO_MAIN_INSPECTION,
  propertyTypes,
  referralSources,
  timeWindows,
  type Catalog,
} from "./choices";
import {
  choiceList,
  dateField,
  email,
  honeypot,
  isMarylandZip,
  line,
  offeredTime,
  oneOf,
  optionalEmail,
  optionalLine,
  optionalParagraphs,
  phoneNumber,
  typedNumber,
  under,
} from "./field-checks";
import { TEXT_LIMITS } from "./text-cleaning";
import { builtOnFirstRead } from "./built-on-first-read";

export interface ScheduleOptions {
  /**
   * The date in Maryland (YYYY-MM-DD): a preferred date may be today or later. Null in the browser until
   * the form's dates step opens; the server always knows it.
   */
  today: string | null;
  /** Bounds the year built. */
  currentYear: number;
  /** A booking of an open time (availability.yaml's bookingOnline) rather than a request for a call-back. */
  booking: boolean;
}

/** Each field of the schedule request on its own, built when first read (built-on-first-read.ts). */
export function scheduleFieldSchemas(catalog: Catalog, { today, currentYear }: ScheduleOptions) {
  return builtOnFirstRead({
    mainInspection: () => oneOf([NO_MAIN_INSPECTION, ...catalog.mainInspections], "Choose an inspection, or none"),
    addOns: () => choiceList(catalog.addOns, "Choose from the listed add-ons", "Choose each add-on only once"),
    waterPackages: () =>
      choiceList(catalog.waterPackages, "Choose from the listed water tests", "Choose each water test only once"),
    street: () =>
      line(3, TEXT_LIMITS.street, "Enter the street address", `Keep the street address ${under(TEXT_LIMITS.street)}`),
    city: () => line(2, TEXT_LIMITS.city, "Enter the city or town", `Keep the city ${under(TEXT_LIMITS.city)}`),
    zip: () =>
      z.string({ error: "Enter the ZIP code" }).check(
        z.trim(),
        z.minLength(1, "Enter the ZIP code"),
        z.refine(
          (value) => value === "" || isMarylandZip(value),
          "Enter a Maryland ZIP code: five digits from 20601 to 21930",
        ),
      ),
    county: () => oneOf(catalog.counties, "Choose the county"),
    propertyType: () => oneOf(Object.keys(propertyTypes), "Choose the type of property"),
    squareFeet: () =>
      typedNumber(
        "Enter the finished square feet as a number",
        "Enter the finished square feet in digits, such as 2100",
        z
          .number()
          .check(
            z.int("Enter the finished square feet as a whole number"),
            z.minimum(200, "Enter at least 200 square feet"),
            z.maximum(200_000, "For more than 200,000 square feet, please call us"),
          ),
      ),
    yearBuilt: () =>
      typedNumber(
        "Enter the year the property was built",
        "Enter the year as four digits, such as 1978",
        z
          .number()
          .check(
            z.int("Enter the year as four digits, such as 1978"),
            z.minimum(1700, "Enter a year from 1700 on"),
            z.maximum(currentYear + 2, "The year built cannot be that far in the future"),
          ),
      ),
    foundation: () => oneOf(catalog.foundations, "Choose the foundation"),
    firstDate: () => dateField(today, "first"),
    firstWindow: () => oneOf(Object.keys(timeWindows), "Choose a time window"),
    secondDate: () => dateField(today, "second"),
    secondWindow: () => oneOf(Object.keys(timeWindows), "Choose a time window"),
    name: () => line(2, TEXT_LIMITS.name, "Enter your name", `Keep your name ${under(TEXT_LIMITS.name)}`),
    email: () => email("Enter an e-mail address such as you@example.com"),
    phone: () => phoneNumber("Enter a 10-digit US phone number, such as (410) 555-0142", { optional: false }),
    // A marketing question: never a reason a booking cannot be made.
    heardFrom: () =>
      z.optional(oneOf(["", ...Object.keys(referralSources)], "Choose one of the answers listed, or none")),
    start: () => offeredTime("Choose a time", "Choose one of the times shown"),
    bookedByAgent: () => z.optional(oneOf(["", BOOKED_BY_AGENT], "Tick the box only if you are the buyer's agent")),
    sameAddress: () =>
      z.optional(
        oneOf(["", SAME_ADDRESS_CONFIRMED], "Answer whether to book this address a second time at an overlapping time"),
      ),
    agentName: () => optionalLine(TEXT_LIMITS.name, `Keep the agent's name ${under(TEXT_LIMITS.name)}`),
    agentPhone: () =>
      z.optional(phoneNumber("Enter the agent's 10-digit US phone number, or leave it empty", { optional: true })),
    agentEmail: () => optionalEmail("Enter the agent's e-mail address, or leave it empty"),
    copyAgent: () =>
      z.optional(oneOf(["", COPY_AGENT], "Tick the box only to copy the agent on the scheduling e-mails")),
    agentReport: () =>
      z.optional(oneOf(["", AGENT_REPORT], "Tick the box only to send your agent the inspection report")),
    notes: () => optionalParagraphs(TEXT_LIMITS.notes, `Keep the notes ${under(TEXT_LIMITS.notes)}`),
    website: () => honeypot,
  });
}

export type ScheduleFields = ReturnType<typeof scheduleFieldSchemas>;
export type ScheduleFieldName = keyof ScheduleFields;
