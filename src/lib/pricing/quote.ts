/**
 * The instant quote: one pure function over the business's price tables
 * (content/pricing.yaml and content/water-packages.yaml). The schedule page shows it as
 * the visitor answers; the schedule function recomputes it and never trusts a client price.
 */
import type { PricingTables } from "../content/content-schema";
import { formatCount, formatDollars } from "../text/format";
import { waterQualityService } from "../paths";

export interface PackagePrice {
  id: string;
  name: string;
  price: number;
}

export interface QuoteInput {
  /** A main inspection id from pricing.yaml, or null for add-ons only. */
  mainInspection: string | null;
  addOns: readonly string[];
  waterPackages: readonly string[];
  /** The property's details; while a visitor has not given one yet, its line is left out. */
  squareFeet: number | null;
  yearBuilt: number | null;
  foundation: string | null;
  county: string | null;
}

export type QuoteLineKind = "base" | "age" | "foundation" | "add-on" | "water" | "travel";

export interface QuoteLine {
  kind: QuoteLineKind;
  label: string;
  amount: number;
}

export interface Quote {
  lines: QuoteLine[];
  total: number;
}

/** A percentage of a whole-dollar amount, rounded to the nearest dollar (halves round up). */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100 + Number.EPSILON);
}

function findOrThrow<T extends { id: string }>(items: readonly T[], id: string, what: string): T {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`Unknown ${what}: "${id}"`);
  return item;
}

/** The base price for a finished area: its size band, or the largest band plus each started step beyond it. */
export function basePrice(inspection: PricingTables["mainInspections"][number], squareFeet: number): QuoteLine {
  const bands = [...inspection.sizeBands].sort((a, b) => a.maxSqFt - b.maxSqFt);
  const band = bands.find((candidate) => squareFeet <= candidate.maxSqFt);
  if (band) {
    return {
      kind: "base",
      label: `${inspection.label}, up to ${formatCount(band.maxSqFt)} sq ft`,
      amount: band.price,
    };
  }
  const largest = bands[bands.length - 1]!;
  const steps = Math.ceil((squareFeet - largest.maxSqFt) / inspection.overflow.perSqFt);
  return {
    kind: "base",
    label: `${inspection.label}, ${formatCount(squareFeet)} sq ft (${formatCount(largest.maxSqFt)} sq ft plus ${steps} × ${formatCount(inspection.overflow.perSqFt)} sq ft)`,
    amount: largest.price + steps * inspection.overflow.price,
  };
}

/** The oldest age bracket the house falls in, if any. */
function ageAdjustment(tables: PricingTables, yearBuilt: number, base: number): QuoteLine | null {
  const bracket = [...tables.ageAdjustments]
    .sort((a, b) => a.builtBefore - b.builtBefore)
    .find((candidate) => yearBuilt < candidate.builtBefore);
  if (!bracket || bracket.percent === 0) return null;
  return { kind: "age", label: `${bracket.label} (+${bracket.percent}%)`, amount: percentOf(base, bracket.percent) };
}

/** Every county the business travels to, A to Z: the travel zones define the service area. */
export function countiesServed(tables: Pick<PricingTables, "travelZones">): string[] {
  // Plain code-unit order: the names are capitalised ASCII, and a locale collator costs its ICU start-up.
  return tables.travelZones.flatMap((zone) => zone.counties).sort();
}

function travel(tables: PricingTables, county: string): QuoteLine {
  const zone = tables.travelZones.find((candidate) => candidate.counties.includes(county));
  if (!zone) throw new Error(`Unknown county: "${county}"`);
  return { kind: "travel", label: `Travel: ${county} (${zone.label})`, amount: zone.fee };
}

export function computeQuote(tables: PricingTables, packages: readonly PackagePrice[], input: QuoteInput): Quote {
  const lines: QuoteLine[] = [];
  if (input.mainInspection) {
    const inspection = findOrThrow(tables.mainInspections, input.mainInspection, "inspection");
    // Without a size yet, the smallest band is the honest lower bound.
    const base = basePrice(inspection, input.squareFeet ?? 0);
    lines.push(base);
    const age = input.yearBuilt === null ? null : ageAdjustment(tables, input.yearBuilt, base.amount);
    if (age) lines.push(age);
    if (input.foundation !== null) {
      const foundation = findOrThrow(tables.foundations, input.foundation, "foundation");
      lines.push({ kind: "foundation", label: `Foundation: ${foundation.label}`, amount: foundation.adjustment });
    }
  }
  input.addOns.forEach((id) => {
    const addOn = findOrThrow(tables.addOns, id, "add-on");
    lines.push({ kind: "add-on", label: addOn.label, amount: addOn.price });
  });
  input.waterPackages.forEach((id) => {
    const pack = findOrThrow(packages, id, "water package");
    lines.push({ kind: "water", label: `Water test: ${pack.name}`, amount: pack.price });
  });
  if (input.county !== null) lines.push(travel(tables, input.county));
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}

/** The lowest price listed for a service page's "from" price, or null when nothing is priced. */
export function startingPriceForService(
  slug: string,
  tables: PricingTables,
  packagePrices: readonly number[],
): number | null {
  const prices = [
    ...tables.mainInspections
      .filter((inspection) => inspection.service === slug)
      .map((inspection) => Math.min(...inspection.sizeBands.map((band) => band.price))),
    ...tables.addOns.filter((addOn) => addOn.service === slug).map((addOn) => addOn.price),
    ...(slug === waterQualityService ? packagePrices : []),
  ];
  return prices.length ? Math.min(...prices) : null;
}

/**
 * The business's price range for search engines (schema.org priceRange, "$175–$2,800"): from the
 * lowest to the highest price the tables list, size bands, add-ons and water packages. Adjustments
 * and travel fees are left out, as they are no price of a service on their own.
 */
export function listedPriceRange(tables: PricingTables, packagePrices: readonly number[]): string {
  const prices = [
    ...tables.mainInspections.flatMap((inspection) => inspection.sizeBands.map((band) => band.price)),
    ...tables.addOns.map((addOn) => addOn.price),
    ...packagePrices,
  ];
  const [lowest, highest] = [Math.min(...prices), Math.max(...prices)];
  return lowest === highest ? formatDollars(lowest) : `${formatDollars(lowest)}–${formatDollars(highest)}`;
}
