/**
 * Fields computed from other nodes: the counties served, the opening hours (a sentence, and schema.org
 * nodes for the home page), the way to book, the price range and each service's starting price.
 */
import { hoursSentence } from "../src/lib/maryland-time/hours-sentence";
import type { AvailabilityContent, PricingTables } from "../src/lib/content-schema";
import { countiesServed, listedPriceRange, startingPriceForService } from "../src/lib/quote";
import { openingHoursNodes } from "../src/lib/structured-data";

/** The part of Gatsby's node model the resolvers use. */
interface NodeModel {
  findOne(args: { type: "Pricing" }): Promise<{ tables: PricingTables }>;
  findOne(args: { type: "Availability" }): Promise<{ rules: AvailabilityContent }>;
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
};
