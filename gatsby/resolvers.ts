/**
 * Fields computed from other nodes: the counties served, the opening hours (a sentence, and schema.org
 * nodes for the home page), the way to book, the price range, each service's starting price, and each
 * area page's travel zone, priced services and review date.
 */
import { hoursSentence } from "../src/lib/maryland-time/hours-sentence";
import { areaServices, type AreaFacts } from "../src/lib/areas/area-services";
import { areaName, travelZoneOf } from "../src/lib/areas/areas";
import type { AreaFrontmatter, AvailabilityContent, PricingTables } from "../src/lib/content/content-schema";
import { countiesServed, listedPriceRange, startingPriceForService } from "../src/lib/pricing/quote";
import { siteUrlOf } from "../src/lib/seo/site-url";
import { administrativeAreaNode, areaServiceNode, openingHoursNodes } from "../src/lib/seo/structured-data";

/** The site's public address, as gatsby-config gives it, for the nodes made here. */
const siteUrl = siteUrlOf(process.env);

/** The part of Gatsby's node model the resolvers use. */
interface NodeModel {
  findOne(args: { type: "Pricing" }): Promise<{ tables: PricingTables }>;
  findOne(args: { type: "Availability" }): Promise<{ rules: AvailabilityContent }>;
  findAll(args: { type: "MarylandFact" }): Promise<{ entries: Iterable<{ checked: string }> }>;
  findAll(args: { type: string }): Promise<{ entries: Iterable<{ price: number }> }>;
}

export const resolvers = {
  SiteInfo: {
    counties: {
      type: "[String!]!",
      description: "The counties served: those the travel zones in pricing.yaml cover, A to Z",
      resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
        return countiesServed((await context.nodeModel.findOne({ type: "Pricing" })).tables);
      },
    },
    hours: {
      type: "String!",
      description: "The opening hours as a sentence, made from the weekly hours in availability.yaml",
      resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
        return hoursSentence((await context.nodeModel.findOne({ type: "Availability" })).rules.weeklyHours);
      },
    },
    bookingOnline: {
      type: "Boolean!",
      description:
        "Whether visitors book an open time online (availability.yaml), which decides how the pages say to book",
      resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
        return (await context.nodeModel.findOne({ type: "Availability" })).rules.bookingOnline;
      },
    },
  },
  Availability: {
    openingHoursSpecification: {
      type: "JSON!",
      description:
        "The weekly hours as schema.org OpeningHoursSpecification nodes, for the home page's JSON-LD; made here, at build time, so no page carries the code",
      resolve: (source: { rules: AvailabilityContent }) => openingHoursNodes(source.rules.weeklyHours),
    },
  },
  Pricing: {
    priceRange: {
      type: "String!",
      description: "From the lowest to the highest price in pricing.yaml and water-packages.yaml: $95–$2,800",
      resolve: async (source: { tables: PricingTables }, _args: unknown, context: { nodeModel: NodeModel }) => {
        const { entries } = await context.nodeModel.findAll({ type: "WaterPackage" });
        return listedPriceRange(
          source.tables,
          Array.from(entries, (entry) => entry.price),
        );
      },
    },
  },
  Service: {
    startingPrice: {
      type: "Int",
      description: "The lowest price the business lists for this service, from pricing.yaml and water-packages.yaml",
      resolve: async (source: { slug: string }, _args: unknown, context: { nodeModel: NodeModel }) => {
        const pricing = await context.nodeModel.findOne({ type: "Pricing" });
        const { entries } = await context.nodeModel.findAll({ type: "WaterPackage" });
        const packagePrices = Array.from(entries, (entry) => entry.price);
        return startingPriceForService(source.slug, pricing.tables, packagePrices);
      },
    },
  },
  Area: {
    name: {
      type: "String!",
      description: "The county as a reader names it: Frederick County, Baltimore City",
      resolve: (source: { county: string }) => areaName(source.county),
    },
    travelZone: {
      type: "TravelZone!",
      description: "The county's travel zone in pricing.yaml: its label and fee",
      resolve: async (source: { county: string }, _args: unknown, context: { nodeModel: NodeModel }) => {
        const { tables } = await context.nodeModel.findOne({ type: "Pricing" });
        const zone = travelZoneOf(source.county, tables);
        if (!zone) throw new Error(`No travel zone in pricing.yaml holds ${source.county}`);
        return zone;
      },
    },
    services: {
      type: "[AreaService!]!",
      description:
        "The services the county's facts call for, each priced by the quote engine with travel (src/lib/areas/area-services.ts)",
      resolve: async (source: AreaFacts, _args: unknown, context: { nodeModel: NodeModel }) => {
        return areaServices((await context.nodeModel.findOne({ type: "Pricing" })).tables, source);
      },
    },
    administrativeArea: {
      type: "JSON!",
      description:
        "The county as a schema.org AdministrativeArea, for the business's areaServed; made here, at build time, so no page carries the code",
      resolve: (source: { county: string; path: string }) =>
        administrativeAreaNode(siteUrl, { name: areaName(source.county), path: source.path }),
    },
    serviceNodes: {
      type: "JSON!",
      description: "Each service the page prices, as a schema.org Service offered in the county; made at build time",
      resolve: async (source: AreaFacts & { path: string }, _args: unknown, context: { nodeModel: NodeModel }) => {
        const served = { name: areaName(source.county), path: source.path };
        const services = areaServices((await context.nodeModel.findOne({ type: "Pricing" })).tables, source);
        return services.map((service) => areaServiceNode(siteUrl, served, service));
      },
    },
    lastReviewed: {
      type: "String!",
      description: "The oldest checked date of the facts the page shows (YYYY-MM-DD): every fact was checked since",
      resolve: async (source: AreaFrontmatter, _args: unknown, context: { nodeModel: NodeModel }) => {
        const { entries } = await context.nodeModel.findAll({ type: "MarylandFact" });
        const dates = [...source.facts.map((fact) => fact.checked), ...Array.from(entries, (entry) => entry.checked)];
        return dates.sort()[0];
      },
    },
  },
};
