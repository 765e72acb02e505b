/**
 * The shape of content/agreement.md's front matter (its body: src/features/agreement/shared/agreement-text.ts).
 * Joined with the other content files' schemas in content-schema.ts.
 */
import { z } from "zod";
import { longText, text } from "./content-fields";

export const agreementFrontmatterSchema = z.strictObject({
  title: text.meta({ description: "The agreement's title, on the signing page and the PDF" }),
  reportWithinBusinessDays: z.number().int().min(1).max(7).meta({
    description:
      "The report is delivered within this many business days after the inspection (Maryland's limit without an agreed date is 7)",
  }),
  residentialStandard: longText.meta({ description: "The standard named for homes of one to four units" }),
  commercialStandard: longText.meta({ description: "The standard named for commercial inspections" }),
});
export type AgreementFrontmatter = z.infer<typeof agreementFrontmatterSchema>;
