/**
 * The live estimate on the schedule page, from whatever the visitor has filled in so far. Each
 * answer is read by its field schema, as the server reads it (schedule-quote.ts); details not
 * given yet leave their line out, and the estimate says which are still missing.
 */
import { BOOKED_BY_AGENT, NO_MAIN_INSPECTION } from "../../../lib/forms/choices";
import type { ScheduleFields } from "../../../lib/forms/schedule-fields";
import type { ScheduleFormValues } from "../../../lib/request-schemas";
import { countiesServed, computeQuote, type PackagePrice, type Quote } from "../../../lib/pricing/quote";
import { countyNamed, countyOfZip, isServedZip } from "../../../lib/areas/areas";
import type { PricingTables } from "../../../lib/content/content-schema";
import { quoteInputOf, readQuotedAnswers, type QUOTED_FIELDS, type QuotedAnswers } from "./schedule-quote";

export interface Estimate {
  quote: Quote | null;
  /** Plain names of the details still needed for a complete estimate. */
  missing: string[];
}

export function estimateFromForm(
  tables: PricingTables,
  packages: readonly PackagePrice[],
  fields: Pick<ScheduleFields, (typeof QUOTED_FIELDS)[number]>,
  values: Partial<ScheduleFormValues>,
): Estimate {
  return estimateOf(tables, packages, readQuotedAnswers(fields, values));
}

/** The estimate of answers already read: what is priced, and what is still missing. */
export function estimateOf(tables: PricingTables, packages: readonly PackagePrice[], answers: QuotedAnswers): Estimate {
  const input = quoteInputOf(answers);
  const { mainInspection, addOns, waterPackages } = input;
  if (!mainInspection && addOns.length === 0 && waterPackages.length === 0) return { quote: null, missing: [] };
  const missing = [
    ...(mainInspection && input.squareFeet === null ? ["finished square feet"] : []),
    ...(mainInspection && input.yearBuilt === null ? ["year built"] : []),
    ...(mainInspection && input.foundation === null ? ["foundation"] : []),
    ...(input.county === null ? ["county"] : []),
  ];
  return { quote: computeQuote(tables, packages, input), missing };
}

/** What a link to /schedule may choose before the visitor starts: the job, the place, the agent who books. */
export type Preselection = Partial<
  Pick<
    ScheduleFormValues,
    | "mainInspection"
    | "addOns"
    | "waterPackages"
    | "county"
    | "zip"
    | "bookedByAgent"
    | "agentName"
    | "agentEmail"
    | "agentPhone"
  >
>;

/**
 * The choices a link to /schedule makes before the visitor starts: ?service=... or ?package=...
 * chooses the job, ?county=... (a county's name or its page's slug) and ?zip=... the place, and so
 * the travel fee. A value the site does not know is ignored, as is a ZIP code its county lacks.
 * ?bookedByAgent=yes with agentName, agentEmail and agentPhone fills in the agent who books (the
 * link on an agent's page): the client's details stay the client's to fill in.
 */
export function preselection(
  search: string,
  tables: PricingTables,
  packages: readonly PackagePrice[],
): Preselection | null {
  const params = new URLSearchParams(search);
  const chosen = { ...jobChosen(params, tables, packages), ...placeChosen(params, tables), ...agentChosen(params) };
  return Object.keys(chosen).length ? chosen : null;
}

function jobChosen(params: URLSearchParams, tables: PricingTables, packages: readonly PackagePrice[]): Preselection {
  const service = params.get("service");
  const pack = params.get("package");
  if (pack && packages.some((candidate) => candidate.id === pack)) {
    return { mainInspection: NO_MAIN_INSPECTION, addOns: [], waterPackages: [pack] };
  }
  if (!service) return {};
  const main = tables.mainInspections.find((inspection) => inspection.service === service);
  if (main) return { mainInspection: main.id, addOns: [], waterPackages: [] };
  const addOns = tables.addOns.filter((addOn) => addOn.service === service).map((addOn) => addOn.id);
  if (addOns.length) return { mainInspection: NO_MAIN_INSPECTION, addOns, waterPackages: [] };
  return {};
}

/** The agent who books, as a link from their page names them; the form checks each field as typed. */
function agentChosen(params: URLSearchParams): Preselection {
  if (params.get("bookedByAgent") !== BOOKED_BY_AGENT) return {};
  const line = (name: string) => (params.get(name) ?? "").slice(0, 200);
  return {
    bookedByAgent: BOOKED_BY_AGENT,
    agentName: line("agentName"),
    agentEmail: line("agentEmail"),
    agentPhone: line("agentPhone"),
  };
}

/** The county named, else the one a ZIP code's prefix belongs to alone; the ZIP code where it fits. */
function placeChosen(params: URLSearchParams, tables: PricingTables): Preselection {
  const zip = (params.get("zip") ?? "").trim();
  const county = countyNamed(params.get("county") ?? "", countiesServed(tables));
  if (county) {
    const prefixes = tables.countyZipPrefixes.find((entry) => entry.county === county)?.prefixes ?? [];
    return /^\d{5}$/.test(zip) && prefixes.includes(zip.slice(0, 3)) ? { county, zip } : { county };
  }
  if (!isServedZip(zip, tables)) return {};
  const zipCounty = countyOfZip(zip, tables);
  return zipCounty ? { county: zipCounty, zip } : { zip };
}

/** The job as the availability function's query string: what decides its length. */
export function jobSearch(
  values: Pick<ScheduleFormValues, "mainInspection" | "addOns" | "waterPackages" | "squareFeet" | "county">,
): string {
  return new URLSearchParams({
    mainInspection: values.mainInspection,
    addOns: values.addOns.join(","),
    waterPackages: values.waterPackages.join(","),
    squareFeet: values.squareFeet,
    county: values.county,
  }).toString();
}
