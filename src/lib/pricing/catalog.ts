/**
 * The choices the schedule and contact forms offer, with their labels, all derived from
 * content/ (pricing.yaml, water-packages.yaml). The functions validate against the same.
 */
import { counties, pricing, waterPackages } from "../content/business-data";
import type { PackagePrice } from "./quote";
import type { Catalog } from "../forms/choices";
import { waterQualityService } from "../paths";

export interface Choice {
  id: string;
  label: string;
}

export const mainInspectionChoices: Choice[] = pricing.mainInspections.map(({ id, label }) => ({ id, label }));
export const addOnChoices: Choice[] = pricing.addOns.map(({ id, label }) => ({ id, label }));
export const waterPackageChoices: PackagePrice[] = waterPackages.map(({ id, name, price }) => ({ id, name, price }));
export const foundationChoices: Choice[] = pricing.foundations.map(({ id, label }) => ({ id, label }));

/** What a message can be about: each priced service, water testing, or "other". */
export const topicChoices: Choice[] = [
  ...mainInspectionChoices,
  ...addOnChoices,
  { id: waterQualityService, label: "Water quality testing" },
];

export const catalog: Catalog = {
  mainInspections: mainInspectionChoices.map((choice) => choice.id),
  addOns: addOnChoices.map((choice) => choice.id),
  waterPackages: waterPackageChoices.map((choice) => choice.id),
  foundations: foundationChoices.map((choice) => choice.id),
  counties,
  countyZipPrefixes: Object.fromEntries(pricing.countyZipPrefixes.map(({ county, prefixes }) => [county, prefixes])),
  topics: topicChoices.map((choice) => choice.id),
};

/** The label of a choice id, or the id itself when unknown. */
export function labelOf(choices: readonly Choice[], id: string): string {
  return choices.find((choice) => choice.id === id)?.label ?? id;
}
