/** Fields computed from other nodes: the counties served and each service's starting price. */
import type { PricingTables } from "../src/lib/content-schema";
import { countiesServed, startingPriceForService } from "../src/lib/quote";

/** The part of Gatsby's node model the resolvers use. */
interface NodeModel {
  findOne(args: { type: "Pricing" }): Promise<{ tables: PricingTables }>;
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
