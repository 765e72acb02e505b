/**
 * The services an area page puts first, chosen from the county's sourced facts, each priced by the
 * quote engine (quote.ts) for a home there, travel included: the home inspection always; a radon test
 * where EPA places the county in Zone 1; a well or septic inspection where most homes have one. The
 * price is for the smallest size band, and for the county's median year built where a source gives it.
 */
import type { PricingTables } from "./content-schema";
import { computeQuote, type QuoteLine } from "./quote";

/** The priced jobs of pricing.yaml the rules name, by id (gatsby/references.ts checks they exist). */
export const AREA_JOBS = { home: "residential", radon: "radon", well: "well", septic: "septic" } as const;

/** What an area's facts tell the rules. */
export interface AreaFacts {
  county: string;
  radonZone?: { zone: number } | null;
  privateWells?: { percent: number } | null;
  septicSystems?: { percent: number } | null;
  medianYearBuilt?: { year: number } | null;
}

export interface AreaService {
  /** The job's id in pricing.yaml, and the service page it belongs to. */
  id: string;
  service: string;
  label: string;
  /** Why it is listed here, from the facts. */
  why: string;
  lines: QuoteLine[];
  total: number;
}

export function areaServices(tables: PricingTables, area: AreaFacts): AreaService[] {
  const yearBuilt = area.medianYearBuilt?.year ?? null;
  const priced = (id: string, main: boolean, why: string): AreaService => {
    const job = main
      ? tables.mainInspections.find((inspection) => inspection.id === id)
      : tables.addOns.find((addOn) => addOn.id === id);
    if (!job) throw new Error(`pricing.yaml has no job "${id}", which the area pages list`);
    const { lines, total } = computeQuote(tables, [], {
      mainInspection: main ? id : null,
      addOns: main ? [] : [id],
      waterPackages: [],
      squareFeet: null,
      yearBuilt: main ? yearBuilt : null,
      foundation: null,
      county: area.county,
    });
    return { id, service: job.service, label: job.label, why, lines, total };
  };
  const most = (share: { percent: number } | null | undefined) => share != null && share.percent > 50;
  return [
    priced(
      AREA_JOBS.home,
      true,
      yearBuilt === null ? "The inspection of the house itself" : `For a home built in ${yearBuilt}, the median here`,
    ),
    ...(area.radonZone?.zone === 1 ? [priced(AREA_JOBS.radon, false, "EPA places the county in radon Zone 1")] : []),
    ...(most(area.privateWells)
      ? [priced(AREA_JOBS.well, false, `${area.privateWells!.percent}% of homes here are on a private well`)]
      : []),
    ...(most(area.septicSystems)
      ? [priced(AREA_JOBS.septic, false, `${area.septicSystems!.percent}% of homes here use a septic system`)]
      : []),
  ];
}
