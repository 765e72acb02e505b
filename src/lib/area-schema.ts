/**
 * The shape of an area page's front matter (content/areas/<slug>.mdx: a county, or Baltimore City)
 * and of content/maryland-facts.yaml, the facts that hold in every county. A fact is stated only
 * with its sources and the date it was last checked: a fact without them stops the build. Joined
 * with the other content files' schemas in content-schema.ts.
 */
import { z } from "zod";
import { isoDate, longText, source, text } from "./content-fields";

/** What a fact is about: the area page lists its facts under these, rules last with their notice. */
export const factTopics = ["radon", "wells", "septic", "sewer", "homes", "rules"] as const;
export type FactTopic = (typeof factTopics)[number];

const sourced = {
  sources: z
    .array(source)
    .min(1, "must name at least one source: a fact without one is not stated")
    .meta({ description: "Where the fact comes from: each source's title and address" }),
  checked: isoDate.meta({
    description: "When the fact was last checked against its sources (docs/content-model.md says how)",
  }),
};

export const factSchema = z.strictObject({
  topic: z.enum(factTopics).meta({
    description: "radon, wells, septic, sewer, homes (the housing), or rules: a duty a buyer, seller or landlord meets",
  }),
  text: longText.meta({ description: "The fact in plain words: what the sources say, and no more" }),
  ...sourced,
});

/** A share of homes, from 0 to 100. */
const percentOfHomes = z.number().min(0).max(100);

export const areaFrontmatterSchema = z.strictObject({
  county: text.meta({
    description: "The county exactly as the travel zones of pricing.yaml name it, e.g. Prince George's",
  }),
  radonZone: z
    .strictObject({
      zone: z.number().int().min(1).max(3).meta({ description: "EPA's radon zone: 1 (highest potential), 2 or 3" }),
      ...sourced,
    })
    .optional()
    .meta({ description: "Only where a source names the county's zone" }),
  privateWells: z
    .strictObject({
      percent: percentOfHomes.meta({ description: "The share of the county's homes on a private well" }),
      ...sourced,
    })
    .optional()
    .meta({ description: "Only where a public source gives the share" }),
  septicSystems: z
    .strictObject({
      percent: percentOfHomes.meta({ description: "The share of the county's homes on a septic system" }),
      ...sourced,
    })
    .optional()
    .meta({ description: "Only where a public source gives the share" }),
  medianYearBuilt: z
    .strictObject({
      year: z.number().int().min(1700).max(2100).meta({ description: "The median year the county's homes were built" }),
      ...sourced,
    })
    .optional()
    .meta({ description: "From the Census or the county's own data; the prices shown are for a home of that age" }),
  facts: z
    .array(factSchema)
    .default([])
    .meta({ description: "Every other fact of the county's own, each with its sources and the date it was checked" }),
});

/** content/maryland-facts.yaml: shown on every area page as Maryland-wide, never as the county's own. */
export const marylandFactsSchema = z.array(factSchema).min(1, "must list at least one fact");

export type AreaFrontmatter = z.infer<typeof areaFrontmatterSchema>;
export type Fact = z.infer<typeof factSchema>;
