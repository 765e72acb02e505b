/**
 * The shape of an area page's front matter (content/areas/<slug>.mdx: a county, or Baltimore City)
 * and of content/maryland-facts.yaml, the facts that hold in every county. A fact is stated only
 * with its sources and the date it was last checked: a fact without them stops the build. A county's
 * fact may also carry its figure (the radon zone, the share of homes on wells or septic, the median
 * year built), which decides the services its page lists first. Joined in content-schema.ts.
 */
import { z } from "zod";
import { isoDate, longText, source, text } from "./content-fields";

/** What a fact is about: the area page lists its facts under these, rules last with their notice. */
export const factTopics = ["radon", "wells", "septic", "sewer", "homes", "rules"] as const;
export type FactTopic = (typeof factTopics)[number];

const statewideFact = z.strictObject({
  topic: z.enum(factTopics).meta({
    description: "radon, wells, septic, sewer, homes (the housing), or rules: a duty a buyer, seller or landlord meets",
  }),
  text: longText.meta({ description: "The fact in plain words: what the sources say, and no more" }),
  sources: z
    .array(source)
    .min(1, "must name at least one source: a fact without one is not stated")
    .meta({ description: "Where the fact comes from: each source's title and address" }),
  checked: isoDate.meta({
    description: "When the fact was last checked against its sources (docs/content-model.md says how)",
  }),
});

/** Each figure a county's fact may carry, and the topic of the facts that may carry it. */
const figureTopics = { radonZone: ["radon"], percentOfHomes: ["wells", "septic"], medianYearBuilt: ["homes"] } as const;
type Figure = keyof typeof figureTopics;

export const countyFactSchema = statewideFact
  .extend({
    radonZone: z.number().int().min(1).max(3).optional().meta({
      description: "Only where the fact is EPA's radon zone of the county (topic radon): 1 (highest potential), 2 or 3",
    }),
    percentOfHomes: z.number().min(0).max(100).optional().meta({
      description:
        "Only where the fact is the share of the county's homes on a private well (topic wells) or septic system (topic septic)",
    }),
    medianYearBuilt: z.number().int().min(1700).max(2100).optional().meta({
      description: "Only where the fact is the median year the county's homes were built (topic homes)",
    }),
  })
  .superRefine((fact, context) => {
    for (const [figure, topics] of Object.entries(figureTopics) as [Figure, readonly string[]][]) {
      if (fact[figure] !== undefined && !topics.includes(fact.topic)) {
        context.addIssue({
          code: "custom",
          path: [figure],
          message: `is given only with topic ${topics.join(" or ")}`,
        });
      }
    }
  });

export const areaFrontmatterSchema = z
  .strictObject({
    county: text.meta({
      description: "The county exactly as the travel zones of pricing.yaml name it, e.g. Prince George's",
    }),
    facts: z.array(countyFactSchema).default([]).meta({
      description: "The county's own facts, each with its sources and the date it was checked; nothing else is stated",
    }),
  })
  .superRefine(({ facts }, context) => {
    // One fact gives each figure: wells and septic shares apart.
    const given = facts.map((fact) => [
      fact.radonZone !== undefined && "radonZone",
      fact.percentOfHomes !== undefined && `percentOfHomes of ${fact.topic}`,
      fact.medianYearBuilt !== undefined && "medianYearBuilt",
    ]);
    given.forEach((figures, index) => {
      for (const figure of figures) {
        if (figure && given.findIndex((other) => other.includes(figure)) !== index) {
          context.addIssue({ code: "custom", path: ["facts", index], message: `is the second fact to give ${figure}` });
        }
      }
    });
  });

/** content/maryland-facts.yaml: shown on every area page as Maryland-wide, never as the county's own. */
export const marylandFactsSchema = z.array(statewideFact).min(1, "must list at least one fact");

export type AreaFrontmatter = z.infer<typeof areaFrontmatterSchema>;
export type Fact = z.infer<typeof countyFactSchema>;
