/**
 * How long a job takes, from the same answers the quote is made from (src/lib/pricing/quote.ts): the main
 * inspection by finished square feet, each add-on, water sampling, and the travel zone of the
 * county. Pure, so the page and the server agree.
 */
import type { AvailabilityContent, PricingTables } from "../../../lib/content/content-schema";

export interface Job {
  /** A main inspection's id, or null for tests only. */
  mainInspection: string | null;
  squareFeet: number;
  addOns: readonly string[];
  waterPackages: readonly string[];
  county: string;
}

/** What a job holds of an inspector's time, around its time on site. */
export interface JobTimes {
  /** Time on site: the job must be over by closing time. */
  onSiteMinutes: number;
  /** Held before the start: getting there (half the zone's travel time, which counts there and back). */
  beforeMinutes: number;
  /** Held after the job: getting back, then the buffer before the same inspector's next job. */
  afterMinutes: number;
}

export type JobLength = JobTimes;

function mainInspectionMinutes(durations: AvailabilityContent["durations"], id: string, squareFeet: number): number {
  const entry = durations.mainInspections.find((inspection) => inspection.id === id);
  if (!entry) throw new Error(`availability.yaml has no duration for the inspection "${id}"`);
  const band = entry.sizeBands.find((candidate) => squareFeet <= candidate.maxSqFt);
  if (band) return band.minutes;
  const largest = entry.sizeBands.at(-1)!;
  const steps = Math.ceil((squareFeet - largest.maxSqFt) / entry.overflow.perSqFt);
  return largest.minutes + steps * entry.overflow.minutes;
}

export function jobLength(availability: AvailabilityContent, pricing: PricingTables, job: Job): JobLength {
  const { durations } = availability;
  const main = job.mainInspection ? mainInspectionMinutes(durations, job.mainInspection, job.squareFeet) : 0;
  const addOns = job.addOns.reduce((sum, id) => {
    const entry = durations.addOns.find((addOn) => addOn.id === id);
    if (!entry) throw new Error(`availability.yaml has no duration for the add-on "${id}"`);
    return sum + entry.minutes;
  }, 0);
  const water = job.waterPackages.length ? durations.waterSamplingMinutes : 0;
  const zone = pricing.travelZones.find((candidate) => candidate.counties.includes(job.county));
  const travel = durations.travel.find((entry) => entry.zone === zone?.label)?.minutes ?? 0;
  const onSiteMinutes = main + addOns + water;
  const there = Math.ceil(travel / 2);
  return { onSiteMinutes, beforeMinutes: there, afterMinutes: travel - there + availability.bufferMinutes };
}
