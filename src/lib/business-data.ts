/**
 * The price tables, packages and business facts that both the schedule form and the
 * functions need, read straight from content/ at bundle time. The inline `yaml-loader`
 * works in the site's webpack and in Gatsby's function compiler alike, so a function carries
 * the same data as the page that sent the request. gatsby-node validates these files
 * against src/lib/content-schema.ts on every build, which is why the casts below are safe.
 * The pages' bundles get site.yaml without the fields only the server reads (deskPeople:
 * gatsby/server-only-fields.ts); the functions get it whole.
 */
import packagesYaml from "!!yaml-loader!../../content/water-packages.yaml";
import pricingYaml from "!!yaml-loader!../../content/pricing.yaml";
import siteYaml from "!!yaml-loader!../../content/site.yaml";
import availabilityYaml from "!!yaml-loader!../../content/availability.yaml";
import { hoursSentence } from "./maryland-time/hours-sentence";
import type { AvailabilityContent, PricingTables, SiteContent, WaterPackageContent } from "./content-schema";
import { countiesServed } from "./quote";

export const pricing = pricingYaml as PricingTables;
export const waterPackages = [...(packagesYaml as WaterPackageContent[])].sort((a, b) => a.order - b.order);
export const availability = availabilityYaml as AvailabilityContent;
export const business = {
  ...(siteYaml as Pick<SiteContent, "name" | "phone" | "email" | "deskPeople" | "licenseNumber" | "address">),
  hours: hoursSentence(availability.weeklyHours),
};

/** Every county the business travels to, in alphabetical order: the travel zones define the service area. */
export const counties = countiesServed(pricing);
