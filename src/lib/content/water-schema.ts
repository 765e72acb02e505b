/**
 * The shape of content/water-parameters.yaml (what a water test measures, against which limit)
 * and water-packages.yaml (the packages sold, each a page of its own). Joined with the other
 * content files' schemas in content-schema.ts.
 */
import { z } from "zod";
import { longText, slug, text, wholeDollars } from "./content-fields";

export const waterParametersSchema = z
  .array(
    z.strictObject({
      id: slug,
      name: text,
      limit: text.meta({ description: "e.g. 10 mg/L, or none" }),
      standard: z.enum([
        "EPA MCL",
        "EPA action level",
        "EPA secondary standard",
        "EPA health advisory",
        "EPA indicator organism",
        "Maryland well test at sale",
        "No federal limit",
      ]),
      explanation: longText.meta({ description: "Plain words, shown in the parameter's tooltip" }),
    }),
  )
  .min(1);

export const waterPackagesSchema = z
  .array(
    z.strictObject({
      id: slug.meta({ description: "Also its address: lender-fha-va is /services/water-quality/lender-fha-va" }),
      name: text,
      summary: longText,
      price: wholeDollars.meta({ description: "Whole US dollars, e.g. 225" }),
      turnaround: text,
      sampling: longText,
      /** What the laboratory itself sets (bottles, handling, the turnaround it quotes), shown as its own terms. */
      laboratoryTerms: longText.meta({
        title: "Laboratory's terms",
        description: "What the laboratory itself sets: bottles, handling, the turnaround it quotes",
      }),
      suits: longText,
      order: z.number().int().meta({ description: "Column order in the comparison table" }),
      parameters: z.array(slug).min(1, "must list at least one parameter id").meta({
        description:
          "Ids from the water parameters list, e.g. [total-coliform, e-coli, nitrate]; an id not there stops the build",
      }),
    }),
  )
  .min(1);
