/**
 * The live estimate on the schedule page, from whatever the visitor has filled in so far. Each
 * answer is read by its field schema, as the server reads it (schedule-quote.ts); details not
 * given yet leave their line out, and the estimate says which are still missing.
 */
import { NO_MAIN_INSPECTION } from "./forms/choices";
import type { ScheduleFields } from "./forms/schedule-fields";
import type { ScheduleFormValues } from "./request-schemas";
import { computeQuote, type PackagePrice, type Quote } from "./quote";
import type { PricingTables } from "./content-schema";
import { quoteInputOf, readQuotedAnswers, type QUOTED_FIELDS } from "./schedule-quote";

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
  const input = quoteInputOf(readQuotedAnswers(fields, values));
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

/** The choices a link to /schedule?service=... or ?package=... makes before the visitor starts. */
export function preselection(
  search: string,
  tables: PricingTables,
  packages: readonly PackagePrice[],
): Pick<ScheduleFormValues, "mainInspection" | "addOns" | "waterPackages"> | null {
  const params = new URLSearchParams(search);
  const service = params.get("service");
  const pack = params.get("package");
  if (pack && packages.some((candidate) => candidate.id === pack)) {
    return { mainInspection: NO_MAIN_INSPECTION, addOns: [], waterPackages: [pack] };
  }
  if (!service) return null;
  const main = tables.mainInspections.find((inspection) => inspection.service === service);
  if (main) return { mainInspection: main.id, addOns: [], waterPackages: [] };
  const addOns = tables.addOns.filter((addOn) => addOn.service === service).map((addOn) => addOn.id);
  if (addOns.length) return { mainInspection: NO_MAIN_INSPECTION, addOns, waterPackages: [] };
  return null;
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
