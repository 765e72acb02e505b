/**
 * The places the business serves, by the names content/pricing.yaml gives them ("Frederick",
 * "Baltimore City"): each place's name as a reader says it, its page's slug, and the place a link
 * or a ZIP code names. Pure functions: the build, the area pages and the schedule form share them.
 */
import type { PricingTables } from "../content/content-schema";

/** "Frederick" is Frederick County; "Baltimore City" and "Baltimore County" say it themselves. */
export function areaName(county: string): string {
  return /\b(County|City)$/.test(county) ? county : `${county} County`;
}

/** The slug of a county's area page: "Prince George's" is prince-georges, "St. Mary's" st-marys. */
export function areaSlug(county: string): string {
  return county
    .toLowerCase()
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Letters and digits only, lowercase: "Prince George's", "prince-georges" and "PRINCE GEORGES" agree. */
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The county a link names, by its name or its page's slug, in any case; null for any other value. */
export function countyNamed(value: string, counties: readonly string[]): string | null {
  const wanted = key(value);
  if (!wanted) return null;
  return counties.find((county) => key(county) === wanted) ?? null;
}

/**
 * The county a Maryland ZIP code lies in, where its three-digit prefix (countyZipPrefixes) belongs to
 * one county alone; null where several counties share the prefix, or none has it.
 */
export function countyOfZip(zip: string, tables: Pick<PricingTables, "countyZipPrefixes">): string | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const owners = tables.countyZipPrefixes.filter((entry) => entry.prefixes.includes(zip.slice(0, 3)));
  return owners.length === 1 ? owners[0]!.county : null;
}

/** Whether some county's prefixes hold the ZIP code. */
export function isServedZip(zip: string, tables: Pick<PricingTables, "countyZipPrefixes">): boolean {
  return /^\d{5}$/.test(zip) && tables.countyZipPrefixes.some((entry) => entry.prefixes.includes(zip.slice(0, 3)));
}

/** The travel zone a county is in: its label and fee, read from pricing.yaml. */
export function travelZoneOf(
  county: string,
  tables: Pick<PricingTables, "travelZones">,
): PricingTables["travelZones"][number] | null {
  return tables.travelZones.find((zone) => zone.counties.includes(county)) ?? null;
}
