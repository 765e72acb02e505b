/**
 * The services an area page puts first, chosen from the county's sourced facts, each priced by the
 * quote engine (quote.ts) for a home there, travel included: the home inspection always; a radon test
 * where EPA places the county in Zone 1; a well or septic inspection where most homes have one. The
 * price is for the smallest size band, and for the county's median year built where a source gives it.
 */
import type { PricingTables } from "../content/content-schema";
import { computeQuote, type QuoteLine } from "../pricing/quote";

/** The priced jobs of pricing.yaml the rules name, by id (gatsby/references.ts checks they exist). */
export const AREA_JOBS = { home: "residential", radon: "radon", well: "well", septic: "septic" } as const;

/** An area's facts, as far as the rules read them: their topics and figures. */
export interface AreaFacts {
  county: string;
  facts: readonly {
    topic: string;
    radonZone?: number | null;
    percentOfHomes?: number | null;
    medianYearBuilt?: number | null;
  }[];
}

/** The figures the county's facts give (each by one fact at most: area-schema.ts), or null. */
export function figuresOf({ facts }: AreaFacts) {
  const figure = (read: (fact: AreaFacts["facts"][number]) => number | null | undefined, topic?: string) =>
    facts
      .filter((fact) => !topic || fact.topic === topic)
      .map(read)
      .find((value) => value != null) ?? null;
  return {
    radonZone: figure((fact) => fact.radonZone),
    wellsPercent: figure((fact) => fact.percentOfHomes, "wells"),
    septicPercent: figure((fact) => fact.percentOfHomes, "septic"),
    medianYearBuilt: figure((fact) => fact.medianYearBuilt),
  };
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
  const { radonZone, wellsPercent, septicPercent, medianYearBuilt: yearBuilt } = figuresOf(area);
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
  const most = (percent: number | null) => percent !== null && percent > 50;
  return [
    priced(
      AREA_JOBS.home,
      true,
      yearBuilt === null ? "The inspection of the house itself" : `For a home built in ${yearBuilt}, the median here`,
    ),
    ...(radonZone === 1 ? [priced(AREA_JOBS.radon, false, "EPA places the county in radon Zone 1")] : []),
    ...(most(wellsPercent)
      ? [priced(AREA_JOBS.well, false, `${wellsPercent}% of homes here are on a private well`)]
      : []),
    ...(most(septicPercent)
      ? [priced(AREA_JOBS.septic, false, `${septicPercent}% of homes here use a septic system`)]
      : []),
  ];
}
