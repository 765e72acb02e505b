import type { Node, Reporter } from "gatsby";
import { existsSync } from "node:fs";
import path from "node:path";
import { AREA_JOBS } from "../src/lib/areas/area-services";
import { areaSlug } from "../src/lib/areas/areas";
import type { AvailabilityContent, PricingTables } from "../src/lib/content/content-schema";
import { countiesServed } from "../src/lib/pricing/quote";
import { contentLabel } from "./site-root";

/** Links between content files must point at something that exists. */
export function checkReferences(getNodesByType: (type: string) => Node[], reporter: Reporter): void {
  const services = new Set(getNodesByType("Service").map((node) => node.slug as string));
  const topics = new Set(getNodesByType("Topic").map((node) => node.topicId as string));
  const parameters = new Set(getNodesByType("WaterParameter").map((node) => node.parameterId as string));
  const problems: string[] = [];

  getNodesByType("WaterPackage").forEach((node) => {
    (node.parameters as string[]).forEach((id, index) => {
      if (!parameters.has(id)) {
        problems.push(
          `content/water-packages.yaml: package "${node.packageId}" field "parameters[${index}]" names "${id}", which is not in content/water-parameters.yaml`,
        );
      }
    });
  });
  getNodesByType("Topic").forEach((node) => {
    (node.services as string[]).forEach((slug, index) => {
      if (!services.has(slug)) {
        problems.push(
          `content/topics.yaml: topic "${node.topicId}" field "services[${index}]" names "${slug}", which is not a file in content/services`,
        );
      }
    });
  });
  getNodesByType("BlogPost").forEach((node) => {
    const label = contentLabel(node.contentFilePath as string);
    // /blog/2 is the index's second page: a post named by a number would take its address.
    if (/^\d+$/.test(node.slug as string)) {
      problems.push(`${label}: the folder name "${node.slug}" is a number, which the blog's page addresses use`);
    }
    (node.topics as string[]).forEach((id, index) => {
      if (!topics.has(id)) {
        problems.push(`${label}: field "topics[${index}]" names "${id}", which is not a topic in content/topics.yaml`);
      }
    });
    (node.related as string[]).forEach((slug, index) => {
      if (!services.has(slug)) {
        problems.push(`${label}: field "related[${index}]" names "${slug}", which is not a file in content/services`);
      }
    });
  });
  const pricing = getNodesByType("Pricing")[0]?.tables as PricingTables | undefined;
  [...(pricing?.mainInspections ?? []), ...(pricing?.addOns ?? [])].forEach((item) => {
    if (!services.has(item.service)) {
      problems.push(
        `content/pricing.yaml: "${item.id}" field "service" names "${item.service}", which is not a file in content/services`,
      );
    }
  });
  const availability = getNodesByType("Availability")[0]?.rules as AvailabilityContent | undefined;
  if (pricing && availability) problems.push(...availabilityProblems(availability, pricing));

  if (problems.length) reporter.panicOnBuild(`Content error:\n  ${problems.join("\n  ")}`);
}

/** Every priced job needs a duration, and every travel zone its travel time: the booking's job length uses both files. */
export function availabilityProblems(availability: AvailabilityContent, pricing: PricingTables): string[] {
  const problems: string[] = [];
  const { durations } = availability;
  const missing = (what: string, field: string, id: string) =>
    problems.push(
      `content/availability.yaml: field "durations.${field}" has no entry for the ${what} "${id}" of content/pricing.yaml`,
    );
  for (const { id } of pricing.mainInspections) {
    if (!durations.mainInspections.some((entry) => entry.id === id)) missing("inspection", "mainInspections", id);
  }
  for (const { id } of pricing.addOns)
    if (!durations.addOns.some((entry) => entry.id === id)) missing("add-on", "addOns", id);
  for (const { label } of pricing.travelZones) {
    if (!durations.travel.some((entry) => entry.zone === label)) missing("travel zone", "travel", label);
  }
  durations.mainInspections.forEach((entry, index) => {
    if (!pricing.mainInspections.some((inspection) => inspection.id === entry.id)) {
      problems.push(
        `content/availability.yaml: field "durations.mainInspections[${index}].id" names "${entry.id}", which is not an inspection in content/pricing.yaml`,
      );
    }
  });
  durations.addOns.forEach((entry, index) => {
    if (!pricing.addOns.some((addOn) => addOn.id === entry.id)) {
      problems.push(
        `content/availability.yaml: field "durations.addOns[${index}].id" names "${entry.id}", which is not an add-on in content/pricing.yaml`,
      );
    }
  });
  durations.travel.forEach((entry, index) => {
    if (!pricing.travelZones.some((zone) => zone.label === entry.zone)) {
      problems.push(
        `content/availability.yaml: field "durations.travel[${index}].zone" names "${entry.zone}", which is not a travel zone in content/pricing.yaml`,
      );
    }
  });
  return problems;
}

/**
 * The area pages against pricing.yaml, reported with the content files' own problems (an area page
 * missing is missing content): see areaProblems. A county whose file exists but failed its schema
 * has had that problem reported already.
 */
export function areaPageProblems(getNodesByType: (type: string) => Node[], contentRoot: string): string[] {
  const pricing = getNodesByType("Pricing")[0]?.tables as PricingTables | undefined;
  if (!pricing) return [];
  const areas = getNodesByType("Area").map((node) => ({
    county: node.county as string,
    slug: node.slug as string,
    file: contentLabel(node.contentFilePath as string),
  }));
  const hasFile = (county: string) => existsSync(path.join(contentRoot, "areas", `${areaSlug(county)}.mdx`));
  return areaProblems(areas, pricing, hasFile);
}

/**
 * Every county of pricing.yaml's travel zones has its area page, named by its slug
 * (content/areas/frederick.mdx for Frederick), and no page names a county the zones lack; the jobs
 * the area pages price (AREA_JOBS) are in pricing.yaml.
 */
export function areaProblems(
  areas: readonly { county: string; slug: string; file: string }[],
  pricing: PricingTables,
  hasFile: (county: string) => boolean = () => false,
): string[] {
  const problems: string[] = [];
  const counties = countiesServed(pricing);
  for (const county of counties) {
    if (!areas.some((area) => area.county === county) && !hasFile(county)) {
      problems.push(
        `content/pricing.yaml: the county "${county}" has no area page; add content/areas/${areaSlug(county)}.mdx`,
      );
    }
  }
  for (const area of areas) {
    if (!counties.includes(area.county)) {
      problems.push(
        `${area.file}: field "county" names "${area.county}", which is not a county of the travel zones in content/pricing.yaml`,
      );
    } else if (area.slug !== areaSlug(area.county)) {
      problems.push(
        `${area.file}: the page of "${area.county}" must be named content/areas/${areaSlug(area.county)}.mdx`,
      );
    }
  }
  const [home, ...addOns] = [AREA_JOBS.home, AREA_JOBS.radon, AREA_JOBS.well, AREA_JOBS.septic];
  if (!pricing.mainInspections.some((inspection) => inspection.id === home)) {
    problems.push(
      `content/pricing.yaml: the area pages price the inspection "${home}", which is not in mainInspections`,
    );
  }
  for (const id of addOns) {
    if (!pricing.addOns.some((addOn) => addOn.id === id)) {
      problems.push(`content/pricing.yaml: the area pages price the add-on "${id}", which is not in addOns`);
    }
  }
  return problems;
}
