/**
 * What each field of the site's forms is kept for: the privacy notice (/privacy) lists these, and
 * the build stops, naming the field, when a form's schema has a field declared nowhere here
 * (undeclared-fields.ts, called from gatsby-node). How long each record is kept is content
 * (content/privacy.yaml, read by declaration.ts); which record a form's fields go into is `record`.
 * Types only from the forms' schemas: the notice's page carries no checks.
 */
import type { contactFieldSchemas, dataRequestFieldSchemas } from "../../../lib/request-schemas";
import type { ScheduleFieldName } from "../../../lib/forms/schedule-fields";

/** A form field as the notice names it, and why it is asked for. */
export interface FieldUse {
  label: string;
  /** Why it is asked for; what it is used for and nothing else. */
  purpose: string;
  /** False for a field the server drops before storing anything (the honeypot). */
  kept: boolean;
}

/** The records a form's fields are kept in; their periods are in content/privacy.yaml. */
export type KeptIn = "scheduleRequest" | "contactMessage" | "dataRequest";

type ContactFieldName = keyof ReturnType<typeof contactFieldSchemas>;
type DataRequestFieldName = keyof ReturnType<typeof dataRequestFieldSchemas>;

const honeypot: FieldUse = {
  label: "A hidden field",
  purpose: "Left empty by people and filled in by some robots: a request with it filled is refused. Never kept.",
  kept: false,
};
const contactBack = "To reply to you, and to send the confirmation of what you asked for.";

const scheduleFields: Record<ScheduleFieldName, FieldUse> = {
  mainInspection: { label: "Inspection", purpose: "What to inspect, its price and how long it takes.", kept: true },
  addOns: { label: "Add-on tests", purpose: "What to inspect, its price and how long it takes.", kept: true },
  waterPackages: { label: "Water tests", purpose: "What to test, its price and how long it takes.", kept: true },
  street: { label: "Street address", purpose: "Where the inspection is.", kept: true },
  city: { label: "City", purpose: "Where the inspection is.", kept: true },
  zip: { label: "ZIP code", purpose: "Where the inspection is, and the travel charge.", kept: true },
  county: { label: "County", purpose: "The travel charge and travel time.", kept: true },
  propertyType: { label: "Type of property", purpose: "The price and what the inspection covers.", kept: true },
  squareFeet: { label: "Finished square feet", purpose: "The price and how long the inspection takes.", kept: true },
  yearBuilt: { label: "Year built", purpose: "The price, and what an older house needs checked.", kept: true },
  foundation: { label: "Foundation", purpose: "The price and what the inspection covers.", kept: true },
  firstDate: { label: "Preferred date", purpose: "To find a time for the inspection.", kept: true },
  firstWindow: { label: "Preferred time of day", purpose: "To find a time for the inspection.", kept: true },
  secondDate: { label: "Second preferred date", purpose: "To find a time for the inspection.", kept: true },
  secondWindow: { label: "Second preferred time of day", purpose: "To find a time for the inspection.", kept: true },
  start: { label: "Booked time", purpose: "When the inspection is; it holds an inspector's time.", kept: true },
  name: { label: "Name", purpose: "Who the inspection is for.", kept: true },
  email: {
    label: "E-mail address",
    purpose: `${contactBack} The link to confirm, move or cancel a booking goes there.`,
    kept: true,
  },
  phone: { label: "Phone number", purpose: "To call you about the inspection, on the day too.", kept: true },
  heardFrom: {
    label: "How you heard of us",
    purpose: "To know which of our listings bring visitors. Optional.",
    kept: true,
  },
  bookedByAgent: {
    label: "Booked by the buyer's agent",
    purpose: "Whether the agent gets a copy of the confirmation.",
    kept: true,
  },
  copyAgent: {
    label: "Copy your agent",
    purpose:
      "Whether your agent gets copies of the booking's e-mails and calendar invite; without it, your agent's e-mail address is used only for us to reach them.",
    kept: true,
  },
  agentReport: {
    label: "Send your agent the report",
    purpose:
      "Whether your agent, copied on the booking's e-mails, also gets the inspection report's e-mail and a link of their own to it. Without it, the report is yours alone; you can give or take back this consent on your booking's page.",
    kept: true,
  },
  sameAddress: {
    label: "Book the address a second time",
    purpose: "Your answer when the address already has an inspection at an overlapping time.",
    kept: true,
  },
  agentName: { label: "Agent's name", purpose: "Who your agent is, or who booked for the client.", kept: true },
  agentEmail: {
    label: "Agent's e-mail address",
    purpose:
      "The agent's copies of the booking's e-mails, when the agent booked or you asked us to copy them, and the inspection report's e-mail only when you said your agent may have it.",
    kept: true,
  },
  agentPhone: { label: "Agent's phone number", purpose: "To reach the agent about the inspection.", kept: true },
  notes: { label: "Notes", purpose: "What you want the inspector to know. Optional.", kept: true },
  website: honeypot,
};

const contactFields: Record<ContactFieldName, FieldUse> = {
  name: { label: "Name", purpose: "Who wrote to us.", kept: true },
  email: { label: "E-mail address", purpose: contactBack, kept: true },
  phone: { label: "Phone number", purpose: "To call you back, if you would rather. Optional.", kept: true },
  topic: { label: "Topic", purpose: "Who in the office answers.", kept: true },
  message: { label: "Message", purpose: "What you asked us.", kept: true },
  website: honeypot,
};

const dataRequestFields: Record<DataRequestFieldName, FieldUse> = {
  email: {
    label: "E-mail address",
    purpose: "Where the link to what we keep about that address goes; it goes nowhere else.",
    kept: true,
  },
  website: honeypot,
};

export interface FormDeclaration {
  form: string;
  /** The form's page. */
  path: string;
  keptIn: KeptIn;
  fields: Readonly<Record<string, FieldUse>>;
}

/** Every form that sends something the site keeps, with its fields' uses. */
export const FORM_DECLARATIONS: readonly FormDeclaration[] = [
  { form: "schedule", path: "/schedule", keptIn: "scheduleRequest", fields: scheduleFields },
  { form: "contact", path: "/contact", keptIn: "contactMessage", fields: contactFields },
  { form: "data request", path: "/privacy", keptIn: "dataRequest", fields: dataRequestFields },
];
