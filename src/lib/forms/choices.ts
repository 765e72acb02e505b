/**
 * The answers the forms offer: those fixed here, with the labels the forms and the e-mails show,
 * and the shape of those that come from content/ (built in catalog.ts).
 */

/** The choices the business offers, from content/ (see catalog.ts). */
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

/** The main inspection chosen when a visitor wants tests alone. */
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

/** The contact topic beside the catalog's services. */
export const OTHER_TOPIC = "other";

/** The answer of "I'm the buyer's agent", a checkbox. */
export const BOOKED_BY_AGENT = "yes";

/**
 * The answer of "Copy my agent on the scheduling e-mails", a checkbox the client ticks: the agent's
 * e-mail address alone copies nobody.
 */
export const COPY_AGENT = "yes";

/**
 * The answer of "Send my agent the inspection report too", a checkbox only the client ticks: the
 * report is the client's, and the agreement shares it with the agent only with their consent.
 */
export const AGENT_REPORT = "yes";

/**
 * The answer of "Book it as well", asked when the address already has an inspection at an
 * overlapping time (a buyer and their agent may each book the same house).
 */
export const SAME_ADDRESS_CONFIRMED = "yes";
