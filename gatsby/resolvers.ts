/**
 * Fields computed from other nodes: the counties served, the opening hours, the way to book, the
 * price range and each service's starting price.
 */
import { hoursSentence } from "../src/lib/booking/hours-sentence";
import type { AvailabilityContent, PricingTables } from "../src/lib/content-schema";
import { countiesServed, listedPriceRange, startingPriceForService } from "../src/lib/quote";

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
    weeklyHours: {
      type: "[WorkingDay!]!",
      description:
        "The working days and their hours, from availability.yaml (for the opening hours search engines read)",
      resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
        return (await context.nodeModel.findOne({ type: "Availability" })).rules.weeklyHours;
      },
    },
    priceRange: {
      type: "String!",
      description: "From the lowest to the highest price in pricing.yaml and water-packages.yaml: $175–$2,800",
      resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
        const pricing = await context.nodeModel.findOne({ type: "Pricing" });
        const { entries } = await context.nodeModel.findAll({ type: "WaterPackage" });
        return listedPriceRange(
          pricing.tables,
          Array.from(entries, (entry) => entry.price),
        );
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
