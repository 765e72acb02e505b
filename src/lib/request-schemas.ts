/**
 * What a schedule request and a contact message must contain. The forms validate with these
 * schemas as the visitor types, and the functions validate every request with the very same
 * ones before storing it. zod/mini keeps the bytes the form pages download small.
 */
import * as z from "zod/mini";
import { usPhoneDigits } from "./phone";

/** The choices the business offers, from content/ (see business-data.ts). */
export interface Catalog {
  mainInspections: readonly string[];
  addOns: readonly string[];
  waterPackages: readonly string[];
  foundations: readonly string[];
  counties: readonly string[];
  /** Each county's three-digit ZIP prefixes: a ZIP must lie in the county chosen. */
  countyZipPrefixes: Readonly<Record<string, readonly string[]>>;
  topics: readonly string[];
}

export const NO_MAIN_INSPECTION = "none";

export const propertyTypes = {
  "single-family": "Single-family house",
  townhouse: "Townhouse or rowhouse",
  condo: "Condominium",
  "multi-family": "Two to four units",
  commercial: "Commercial building",
} as const;

export const timeWindows = {
  morning: "Morning (8 to 11 am)",
  midday: "Midday (11 am to 2 pm)",
  afternoon: "Afternoon (2 to 5 pm)",
} as const;

export const referralSources = {
  search: "Web search",
  agent: "My real-estate agent",
  friend: "Friend or family",
  social: "Social media",
  repeat: "I've used you before",
  other: "Other",
} as const;

export const OTHER_TOPIC = "other";

/** Maryland ZIP codes run from 20601 to 21930. */
export function isMarylandZip(zip: string): boolean {
  if (!/^\d{5}$/.test(zip)) return false;
  const value = Number(zip);
  return value >= 20601 && value <= 21930;
}

/** Ten digits, optionally with a leading US country code 1. */
export function isUsPhone(phone: string): boolean {
  return usPhoneDigits(phone) !== null;
}

/**
 * Characters a person cannot see or type on purpose, which would travel into the outbox and
 * the e-mails: control characters (line breaks and tabs are kept), bidirectional overrides
 * and isolates that reorder what a reader sees, and zero-width characters.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** Text as a person meant it: invisible characters removed, Windows line ends made plain. */
export function visibleText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(INVISIBLE, "");
}

/** Line breaks, tabs and Unicode's line and paragraph separators. */
const LINE_BREAKS = /[\t\n\u2028\u2029]+/g;

/**
 * Visible text on one line, for a name, a street, a phone number: a line break there can only
 * be pasted, and in the business's e-mail it would start a line the visitor wrote but the site
 * seems to (a forged "Estimate:"). Each run of breaks becomes one space.
 */
export function oneLineText(value: string): string {
  return visibleText(value).replace(LINE_BREAKS, " ");
}

/** The most characters each field a visitor types into may hold, after cleaning. */
export const TEXT_LIMITS = {
  street: 120,
  city: 60,
  name: 100,
  notes: 2000,
  message: 5000,
  phone: 30,
  /** The longest address SMTP can carry (RFC 5321: a 256-octet path, less its angle brackets). */
  email: 254,
} as const;

/** "under 2,000 characters", from the limit itself. */
const under = (limit: number) => `under ${limit.toLocaleString("en-US")} characters`;

type Clean = (value: string) => string;

const requiredText = (clean: Clean, min: number, max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .check(z.overwrite(clean), z.trim(), z.minLength(min, required), z.maxLength(max, tooLong));

const optionalText = (clean: Clean, max: number, tooLong: string) =>
  z.optional(z.string().check(z.overwrite(clean), z.trim(), z.maxLength(max, tooLong)));

const line = (min: number, max: number, required: string, tooLong: string) =>
  requiredText(oneLineText, min, max, required, tooLong);
const paragraphs = (min: number, max: number, required: string, tooLong: string) =>
  requiredText(visibleText, min, max, required, tooLong);

/** A list of choices, each at most once (a repeated add-on would be charged again). */
const choiceList = (values: readonly string[], message: string, repeated: string) =>
  z.array(oneOf(values, message)).check(z.refine((list) => new Set(list).size === list.length, repeated));

/**
 * A number as a person types it ("2100", "2,100") or as a JSON number, checked by `range`.
 * Other notations JavaScript would also read as numbers ("0x834", "2.1e3", [2100]) are refused.
 */
const typedNumber = (required: string, notDecimal: string, range: z.ZodMiniNumber<number>) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string()], { error: notDecimal }).check(
        z.refine((value) => String(value).trim() !== "", required),
        z.refine(
          (value) =>
            typeof value === "number" || value.trim() === "" || /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(value.trim()),
          notDecimal,
        ),
      ),
      z.transform((value) => (typeof value === "number" ? value : Number(value.replace(/[,\s]/g, "")))),
    ),
    range,
  );

const oneOf = (values: readonly string[], message: string) =>
  z.string({ error: message }).check(z.refine((value) => values.includes(value), message));

const email = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(TEXT_LIMITS.email, message), z.email(message));

/** What a phone number is written with: digits, spaces and ( ) + - . */
const PHONE_CHARACTERS = /^[\d ()+.-]*$/;

/** A US phone number as people write one: ten digits (after an optional 1), and nothing but the characters above. */
function isWrittenUsPhone(value: string): boolean {
  return value.length <= TEXT_LIMITS.phone && PHONE_CHARACTERS.test(value) && isUsPhone(value);
}

/** A phone number, cleaned like any text; `optional` lets it be left empty. */
const phoneNumber = (message: string, { optional }: { optional: boolean }) =>
  z.string({ error: "Enter a phone number" }).check(
    z.overwrite(oneLineText),
    z.trim(),
    z.refine((value) => (optional && value === "") || isWrittenUsPhone(value), message),
  );

/** The hidden field people never see; automated form fillers put something in it. */
const honeypot = z.optional(z.string());

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD date that is on the calendar: not 2026-13-45, not February 30. */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateField(today: string, which: string) {
  return z.string({ error: `Choose the ${which} date` }).check(
    z.refine((value) => isoDate.test(value), `Choose the ${which} date`),
    z.refine(
      (value) => !isoDate.test(value) || isCalendarDate(value),
      `The ${which} date is not a real date; choose one from the calendar`,
    ),
    z.refine((value) => !isCalendarDate(value) || value >= today, `The ${which} date cannot be in the past`),
  );
}

/** The fields only a request for a call-back has (two preferred dates), and the one only a booking has. */
const PREFERRED_DATES = ["firstDate", "firstWindow", "secondDate", "secondWindow"] as const;
const BOOKED_TIME = ["start"] as const;

/**
 * The steps of the schedule form and their fields, in the order they appear. A booking (the owner's
 * availability.yaml has booking on) chooses an open time; a request names two preferred dates and
 * the office calls back.
 */
export function scheduleStepsFor(booking: boolean) {
  return [
    { id: "service", title: "What to inspect", fields: ["mainInspection", "addOns", "waterPackages"] },
    {
      id: "property",
      title: "The property",
      fields: ["street", "city", "zip", "county", "propertyType", "squareFeet", "yearBuilt", "foundation"],
    },
    booking
      ? { id: "time", title: "Choose a time", fields: BOOKED_TIME }
      : { id: "dates", title: "Preferred dates", fields: PREFERRED_DATES },
    {
      id: "client",
      title: "Your details",
      fields: [
        "bookedByAgent",
        "name",
        "email",
        "phone",
        "agentName",
        "agentEmail",
        "agentPhone",
        "heardFrom",
        "notes",
      ],
    },
    { id: "review", title: "Review and send", fields: [] },
  ] as const satisfies ReadonlyArray<{ id: string; title: string; fields: readonly FieldName[] }>;
}

type FieldName = keyof ReturnType<typeof scheduleFieldSchemas>;

interface ScheduleOptions {
  /** The date in Maryland (YYYY-MM-DD): a preferred date may be today or later. */
  today: string;
  /** Bounds the year built. */
  currentYear: number;
  /** A booking of an open time (availability.yaml's bookingOnline) rather than a request for a call-back. */
  booking: boolean;
}

/** An RFC 3339 date-time with its offset, as the open times are listed: 2026-12-03T08:00:00-05:00. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** The answer of "I'm the buyer's agent", a checkbox. */
export const BOOKED_BY_AGENT = "yes";

/** Each field of the schedule request on its own, so a field can be checked as it is left. */
export function scheduleFieldSchemas(catalog: Catalog, { today, currentYear }: ScheduleOptions) {
  return {
    mainInspection: oneOf([NO_MAIN_INSPECTION, ...catalog.mainInspections], "Choose an inspection, or none"),
    addOns: choiceList(catalog.addOns, "Choose from the listed add-ons", "Choose each add-on only once"),
    waterPackages: choiceList(
      catalog.waterPackages,
      "Choose from the listed water tests",
      "Choose each water test only once",
    ),
    street: line(
      3,
      TEXT_LIMITS.street,
      "Enter the street address",
      `Keep the street address ${under(TEXT_LIMITS.street)}`,
    ),
    city: line(2, TEXT_LIMITS.city, "Enter the city or town", `Keep the city ${under(TEXT_LIMITS.city)}`),
    zip: z.string({ error: "Enter the ZIP code" }).check(
      z.trim(),
      z.minLength(1, "Enter the ZIP code"),
      z.refine(
        (value) => value === "" || isMarylandZip(value),
        "Enter a Maryland ZIP code: five digits from 20601 to 21930",
      ),
    ),
    county: oneOf(catalog.counties, "Choose the county"),
    propertyType: oneOf(Object.keys(propertyTypes), "Choose the type of property"),
    squareFeet: typedNumber(
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
    yearBuilt: typedNumber(
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
    foundation: oneOf(catalog.foundations, "Choose the foundation"),
    firstDate: dateField(today, "first"),
    firstWindow: oneOf(Object.keys(timeWindows), "Choose a time window"),
    secondDate: dateField(today, "second"),
    secondWindow: oneOf(Object.keys(timeWindows), "Choose a time window"),
    name: line(2, TEXT_LIMITS.name, "Enter your name", `Keep your name ${under(TEXT_LIMITS.name)}`),
    email: email("Enter an e-mail address such as you@example.com"),
    phone: phoneNumber("Enter a 10-digit US phone number, such as (410) 555-0142", { optional: false }),
    heardFrom: oneOf(Object.keys(referralSources), "Tell us how you heard about us"),
    start: z
      .string({ error: "Choose a time" })
      .check(
        z.refine((value) => RFC3339.test(value) && !Number.isNaN(Date.parse(value)), "Choose one of the times shown"),
      ),
    bookedByAgent: z.optional(oneOf(["", BOOKED_BY_AGENT], "Tick the box only if you are the buyer's agent")),
    agentName: optionalText(oneLineText, TEXT_LIMITS.name, `Keep the agent's name ${under(TEXT_LIMITS.name)}`),
    agentPhone: z.optional(
      phoneNumber("Enter the agent's 10-digit US phone number, or leave it empty", { optional: true }),
    ),
    agentEmail: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(TEXT_LIMITS.email, "Enter the agent's e-mail address, or leave it empty"),
        z.refine(
          (value) => value === "" || z.email().safeParse(value).success,
          "Enter the agent's e-mail address, or leave it empty",
        ),
      ),
    ),
    notes: optionalText(visibleText, TEXT_LIMITS.notes, `Keep the notes ${under(TEXT_LIMITS.notes)}`),
    website: honeypot,
  };
}

/** Rules that tie fields together, each reported on the field a visitor would change. */
const atLeastOneService = z.refine<{ mainInspection: string; addOns: string[]; waterPackages: string[] }>(
  (request) =>
    request.mainInspection !== NO_MAIN_INSPECTION || request.addOns.length > 0 || request.waterPackages.length > 0,
  { message: "Choose an inspection or at least one test", path: ["mainInspection"] },
);
/** A refinement, not a field check: the ZIP is judged against the county chosen beside it. */
function zipInCounty(catalog: Catalog) {
  return z.refine<{ zip: string; county: string }>(
    (request) => {
      const prefixes = catalog.countyZipPrefixes[request.county];
      return !prefixes || !isMarylandZip(request.zip) || prefixes.includes(request.zip.slice(0, 3));
    },
    { message: "This ZIP code is not in the county chosen; check the ZIP code and the county", path: ["zip"] },
  );
}
const differentChoices = z.refine<{ firstDate: string; firstWindow: string; secondDate: string; secondWindow: string }>(
  (request) => request.firstDate !== request.secondDate || request.firstWindow !== request.secondWindow,
  { message: "Choose a second date or time window different from the first", path: ["secondDate"] },
);

/** An agent who books for a client gives their own name, e-mail and phone beside the client's. */
const agentDetails = z.superRefine<{
  bookedByAgent?: string;
  agentName?: string;
  agentEmail?: string;
  agentPhone?: string;
}>((request, context) => {
  if (request.bookedByAgent !== BOOKED_BY_AGENT) return;
  const missing: Array<[keyof typeof request, string]> = [
    ["agentName", "Enter your name, as the agent"],
    ["agentEmail", "Enter your e-mail address, as the agent"],
    ["agentPhone", "Enter your phone number, as the agent"],
  ];
  for (const [field, message] of missing) {
    if (!request[field]) context.issues.push({ code: "custom", message, path: [field], input: request[field] });
  }
});

/** The fields of the whole request in one mode: a booking's time, or a request's two preferred dates. */
function fieldsFor(catalog: Catalog, options: ScheduleOptions) {
  const fields = scheduleFieldSchemas(catalog, options);
  const leftOut: readonly string[] = options.booking ? PREFERRED_DATES : BOOKED_TIME;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !leftOut.includes(name))) as typeof fields;
}

/** The whole schedule request, as the function checks it. */
export function createScheduleSchema(catalog: Catalog, options: ScheduleOptions) {
  const schema = z.object(fieldsFor(catalog, options));
  return options.booking
    ? schema.check(atLeastOneService, zipInCounty(catalog), agentDetails)
    : schema.check(atLeastOneService, differentChoices, zipInCounty(catalog), agentDetails);
}

/** One step of the schedule form: its fields, with the rules that tie them together. */
export function createScheduleStepSchema(catalog: Catalog, options: ScheduleOptions, step: number) {
  const fields = scheduleFieldSchemas(catalog, options);
  const names = scheduleStepsFor(options.booking)[step]!.fields as readonly (keyof typeof fields)[];
  const shape = Object.fromEntries(names.map((name) => [name, fields[name]])) as Partial<typeof fields>;
  const schema = z.object(shape);
  if (names.includes("mainInspection")) return schema.check(atLeastOneService as never);
  if (names.includes("secondDate")) return schema.check(differentChoices as never);
  if (names.includes("zip")) return schema.check(zipInCounty(catalog) as never);
  if (names.includes("bookedByAgent")) return schema.check(agentDetails as never);
  return schema;
}

/** Each field of a contact message on its own. */
export function contactFieldSchemas(catalog: Pick<Catalog, "topics">) {
  return {
    name: line(2, TEXT_LIMITS.name, "Enter your name", `Keep your name ${under(TEXT_LIMITS.name)}`),
    email: email("Enter an e-mail address such as you@example.com"),
    phone: z.optional(phoneNumber("Enter a 10-digit US phone number, or leave it empty", { optional: true })),
    topic: oneOf([...catalog.topics, OTHER_TOPIC], "Choose what your message is about"),
    message: paragraphs(
      10,
      TEXT_LIMITS.message,
      "Write your message (at least 10 characters)",
      `Keep the message ${under(TEXT_LIMITS.message)}`,
    ),
    website: honeypot,
  };
}

export function createContactSchema(catalog: Pick<Catalog, "topics">) {
  return z.object(contactFieldSchemas(catalog));
}

type AllScheduleFields = z.output<z.ZodMiniObject<ReturnType<typeof scheduleFieldSchemas>>>;
type ModeField = (typeof PREFERRED_DATES)[number] | (typeof BOOKED_TIME)[number];
/** A schedule request of either mode: a booking has `start`, a request the four date fields. */
export type ScheduleRequest = Omit<AllScheduleFields, ModeField> & Partial<Pick<AllScheduleFields, ModeField>>;
export type ContactRequest = z.output<ReturnType<typeof createContactSchema>>;

/** What the forms hold while a visitor types: text as typed, lists for the checkboxes. */
export type FormValues<T> = { [K in keyof T]-?: T[K] extends readonly unknown[] ? string[] : string };
export type ScheduleFormValues = FormValues<AllScheduleFields>;
export type ContactFormValues = FormValues<ContactRequest>;

/** Field name to message, for the 400 answer and for showing errors beside fields. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export { marylandToday } from "./booking/maryland-today";
