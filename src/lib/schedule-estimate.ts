/**
 * The live estimate on the schedule page, from whatever the visitor has filled in so far.
 * Details not given yet leave their line out, and the estimate says which are still missing.
 */
import { NO_MAIN_INSPECTION } from "./forms/choices";
import type { ScheduleFormValues } from "./request-schemas";
import { computeQuote, type PackagePrice, type Quote } from "./quote";
import type { PricingTables } from "./content-schema";

export interface Estimate {
  quote: Quote | null;
  /** Plain names of the details still needed for a complete estimate. */
  missing: string[];
}

function wholeNumber(value: unknown): number | null {
  const number = Number(value);
  return value !== "" && value !== undefined && Number.isInteger(number) && number > 0 ? number : null;
}

export function estimateFromForm(
  tables: PricingTables,
  packages: readonly PackagePrice[],
  values: Partial<ScheduleFormValues>,
): Estimate {
  const mainInspection =
    values.mainInspection && values.mainInspection !== NO_MAIN_INSPECTION ? values.mainInspection : null;
  const addOns = values.addOns ?? [];
  const waterPackages = values.waterPackages ?? [];
  if (!mainInspection && addOns.length === 0 && waterPackages.length === 0) return { quote: null, missing: [] };

  const squareFeet = wholeNumber(values.squareFeet);
  const yearBuilt = wholeNumber(values.yearBuilt);
  const foundation = values.foundation || null;
  const county = values.county || null;
  const missing = [
    ...(mainInspection && squareFeet === null ? ["finished square feet"] : []),
    ...(mainInspection && yearBuilt === null ? ["year built"] : []),
    ...(mainInspection && foundation === null ? ["foundation"] : []),
    ...(county === null ? ["county"] : []),
  ];
  const quote = computeQuote(tables, packages, {
    mainInspection,
    addOns,
    waterPackages,
    squareFeet,
    yearBuilt,
    foundation,
    county,
  });
  return { quote, missing };
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
