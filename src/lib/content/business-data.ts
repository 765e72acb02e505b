/**
 * The price tables, packages and business facts that both the schedule form and the functions need, read from
 * content/ at bundle time by the inline `yaml-loader`, which works in the site's webpack and Gatsby's function
 * compiler alike. gatsby-node validates these files against content-schema.ts on every build, which is why the
 * casts below are safe. The pages' bundles get site.yaml without its server-only fields
 * (gatsby/server-only-fields.ts); the functions get it whole.
 */
import packagesYaml from "!!yaml-loader!../../../content/water-packages.yaml";
import pricingYaml from "!!yaml-loader!../../../content/pricing.yaml";
import siteYaml from "!!yaml-loader!../../../content/site.yaml";
import availabilityYaml from "!!yaml-loader!../../../content/availability.yaml";
import { hoursSentence } from "../maryland-time/hours-sentence";
import type { AvailabilityContent, PricingTables, SiteContent, WaterPackageContent } from "./content-schema";
import { countiesServed } from "../pricing/quote";

export const pricing = pricingYaml as PricingTables;
export const waterPackages = [...(packagesYaml as WaterPackageContent[])].sort((a, b) => a.order - b.order);
export const availability = availabilityYaml as AvailabilityContent;
export const business = {
  ...(siteYaml as Pick<SiteContent, "name" | "phone" | "email" | "deskPeople" | "licenseNumber" | "address">),
  hours: hoursSentence(availability.weeklyHours),
};

/** Every county the business travels to, in alphabetical order: the travel zones define the service area. */
export const counties = countiesServed(pricing);
