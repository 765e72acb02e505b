/**
 * What a schedule request and a contact message must contain. The forms validate with these
 * schemas as the visitor types, and the functions validate every request with the very same
 * ones before storing it. A schedule request's fields are declared in forms/schedule-fields.ts;
 * here they are put together, with the rules that tie fields to each other.
 */
import * as z from "zod/mini";
import { BOOKED_BY_AGENT, COPY_AGENT, NO_MAIN_INSPECTION, OTHER_TOPIC, type Catalog } from "./forms/choices";
import { email, honeypot, isMarylandZip, line, oneOf, paragraphs, phoneNumber, under } from "./forms/field-checks";
import {
  scheduleFieldSchemas,
  type ScheduleFieldName,
  type ScheduleFields,
  type ScheduleOptions,
} from "./forms/schedule-fields";
import { BOOKED_TIME, PREFERRED_DATES, scheduleStepsFor } from "./forms/schedule-steps";
import { builtOnFirstRead } from "./forms/built-on-first-read";
import { TEXT_LIMITS } from "./forms/text-cleaning";

/**
 * The form pages take the schedule's field schemas from here, not from forms/, and only through
 * src/hooks/use-form-checks.ts, which asks for this module after the form has hydrated: with it
 * their only entry, webpack joins this module, forms/' checks and zod into one chunk.
 */
export { scheduleFieldSchemas };

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

/**
 * An agent who books for a client gives their own name, e-mail and phone beside the client's; a
 * client who asks us to copy their agent gives the agent's e-mail.
 */
const agentDetails = z.superRefine<{
  bookedByAgent?: string;
  agentName?: string;
  agentEmail?: string;
  agentPhone?: string;
  copyAgent?: string;
}>((request, context) => {
  if (request.bookedByAgent !== BOOKED_BY_AGENT) {
    if (request.copyAgent === COPY_AGENT && !request.agentEmail) {
      context.issues.push({
        code: "custom",
        message: "Enter the agent's e-mail address to copy them, or untick the box",
        path: ["agentEmail"],
        input: request.agentEmail,
      });
    }
    return;
  }
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
  const leftOut: readonly ScheduleFieldName[] = options.booking ? PREFERRED_DATES : BOOKED_TIME;
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => !leftOut.some((field) => field === name)),
  ) as typeof fields;
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
  const names = scheduleStepsFor(options.booking)[step]!.fields;
  const shape = Object.fromEntries(names.map((name) => [name, fields[name]])) as Partial<ScheduleFields>;
  const schema = z.object(shape);
  // Each rule checks the step holding the field it is reported on; the casts give the rule the
  // step's fields, which the step's own names (above) guarantee it holds.
  if (names.includes("mainInspection")) return schema.check(atLeastOneService as never);
  if (names.includes("secondDate")) return schema.check(differentChoices as never);
  if (names.includes("zip")) return schema.check(zipInCounty(catalog) as never);
  if (names.includes("bookedByAgent")) return schema.check(agentDetails as never);
  return schema;
}

/** Each field of a contact message on its own, built when first read (forms/built-on-first-read.ts). */
export function contactFieldSchemas(catalog: Pick<Catalog, "topics">) {
  return builtOnFirstRead({
    name: () => line(2, TEXT_LIMITS.name, "Enter your name", `Keep your name ${under(TEXT_LIMITS.name)}`),
    email: () => email("Enter an e-mail address such as you@example.com"),
    phone: () => z.optional(phoneNumber("Enter a 10-digit US phone number, or leave it empty", { optional: true })),
    topic: () => oneOf([...catalog.topics, OTHER_TOPIC], "Choose what your message is about"),
    message: () =>
      paragraphs(
        10,
        TEXT_LIMITS.message,
        "Write your message (at least 10 characters)",
        `Keep the message ${under(TEXT_LIMITS.message)}`,
      ),
    website: () => honeypot,
  });
}

export function createContactSchema(catalog: Pick<Catalog, "topics">) {
  return z.object(contactFieldSchemas(catalog));
}

/** Each field of a request for a link to what is kept about an e-mail address (/privacy). */
export function dataRequestFieldSchemas() {
  return { email: email("Enter an e-mail address such as you@example.com"), website: honeypot };
}

export function createDataRequestSchema() {
  return z.object(dataRequestFieldSchemas());
}

type AllScheduleFields = z.output<z.ZodMiniObject<ScheduleFields>>;
type ModeField = (typeof PREFERRED_DATES)[number] | (typeof BOOKED_TIME)[number];
/** A schedule request of either mode: a booking has `start`, a request the four date fields. */
export type ScheduleRequest = Omit<AllScheduleFields, ModeField> & Partial<Pick<AllScheduleFields, ModeField>>;
export type ContactRequest = z.output<ReturnType<typeof createContactSchema>>;
export type DataRequest = z.output<ReturnType<typeof createDataRequestSchema>>;

/** What the forms hold while a visitor types: text as typed, lists for the checkboxes. */
export type FormValues<T> = { [K in keyof T]-?: T[K] extends readonly unknown[] ? string[] : string };
export type ScheduleFormValues = FormValues<AllScheduleFields>;
export type ContactFormValues = FormValues<ContactRequest>;
export type DataRequestFormValues = FormValues<DataRequest>;
