/**
 * The shape of a service page's front matter (content/services/*.mdx), and of
 * content/page-sources.yaml, which gives the pages built from code that state the law the review
 * date and sources a service page carries. Joined with the other content files' schemas in
 * content-schema.ts.
 */
import { z } from "zod";
import { isoDate, longText, question, source, text } from "./content-fields";

export const serviceFrontmatterSchema = z.strictObject({
  title: text,
  summary: longText
    .max(200, "must be at most 200 characters: it is the one-line summary and meta description")
    .meta({ description: "The one-line summary: the services list and search results show it" }),
  order: z.number().int().meta({ description: "Position in the services list" }),
  icon: z.enum(["home", "building", "radon", "mold", "pipe", "hammer", "well", "water", "paint", "scale"]),
  duration: text.optional().meta({ description: "e.g. About 2 to 4 hours" }),
  turnaround: text.optional().meta({ description: "When the client gets the results" }),
  /** What the "from $..." price covers, where the page describes more than the priced service. */
  priceNote: text
    .optional()
    .meta({ description: "What the starting price covers, where the page sells more than that" }),
  lastReviewed: isoDate
    .optional()
    .meta({ description: "For pages that explain the law: shows the date and the not-legal-advice note" }),
  sources: z.array(source).default([]).meta({ description: "The official sources the page relies on" }),
  faqs: z
    .array(question)
    .max(6, "must hold at most six questions")
    .default([])
    .meta({ title: "Questions", description: "Questions people ask, at most six" }),
});

/**
 * Pages built from code rather than from a content file (About, FAQ, the water package pages)
 * still state the law; this gives each the same review date and source list as a service page.
 */
export const lawPages = ["about", "faq", "water-packages", "privacy"] as const;
/** Their routes: lawPageRoutes in src/lib/paths.ts. */
export type LawPage = (typeof lawPages)[number];
export const pageSourcesSchema = z
  .array(
    z.strictObject({
      page: z.enum(lawPages),
      lastReviewed: isoDate.meta({ description: "When the page's statements of the law were last checked" }),
      sources: z
        .array(source)
        .min(1, "must list at least one source")
        .meta({ description: "The official sources the page relies on" }),
    }),
  )
  .min(1)
  .refine((entries) => lawPages.every((page) => entries.some((entry) => entry.page === page)), {
    message: `must have an entry for each of ${lawPages.join(", ")}`,
  });
