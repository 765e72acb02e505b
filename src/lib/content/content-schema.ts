/**
 * The shape of everything a writer or the owner edits under `content/`, one schema file per content file, joined
 * here. gatsby-node validates every content file against it, so a missing or malformed field stops the build
 * naming file and field (content-errors.ts); objects are strict. The same schemas make the editor at /admin
 * (a field's `.meta()`: title, description, widget), the GraphQL types (gatsby/schema.ts) and the content tables
 * of the docs (`npm run docs`).
 */
import { z } from "zod";
import { agreementFrontmatterSchema, type AgreementFrontmatter } from "./agreement-schema";
import { areaFrontmatterSchema, marylandFactsSchema, type AreaFrontmatter, type Fact } from "./area-schema";
import { availabilitySchema } from "./availability-schema";
import { postFrontmatterSchema, topicsSchema } from "./blog-schema";
import { formatContentIssues } from "./content-errors";
import { pricingSchema } from "./pricing-schema";
import { privacySchema } from "./retention-schema";
import { lawPages, pageSourcesSchema, serviceFrontmatterSchema, type LawPage } from "./service-schema";
import { faqSchema, footerSchema, navigationSchema, siteSchema } from "./site-schema";
import { waterPackagesSchema, waterParametersSchema } from "./water-schema";

export {
  agreementFrontmatterSchema,
  areaFrontmatterSchema,
  faqSchema,
  footerSchema,
  lawPages,
  marylandFactsSchema,
  navigationSchema,
  pageSourcesSchema,
  postFrontmatterSchema,
  pricingSchema,
  serviceFrontmatterSchema,
  siteSchema,
  topicsSchema,
  waterPackagesSchema,
  waterParametersSchema,
};
export type { AgreementFrontmatter, AreaFrontmatter, Fact, LawPage };

/** Each content YAML file and the schema it must satisfy, keyed by its path under content/. */
export const yamlSchemas = {
  "site.yaml": siteSchema,
  "navigation.yaml": navigationSchema,
  "footer.yaml": footerSchema,
  "faq.yaml": faqSchema,
  "water-parameters.yaml": waterParametersSchema,
  "water-packages.yaml": waterPackagesSchema,
  "pricing.yaml": pricingSchema,
  "page-sources.yaml": pageSourcesSchema,
  "availability.yaml": availabilitySchema,
  "privacy.yaml": privacySchema,
  "topics.yaml": topicsSchema,
  "maryland-facts.yaml": marylandFactsSchema,
} as const;

export type YamlFile = keyof typeof yamlSchemas;
/** What a valid content YAML file holds. */
export type YamlContent<F extends YamlFile> = z.infer<(typeof yamlSchemas)[F]>;
export type SiteContent = z.infer<typeof siteSchema>;
export type PricingTables = z.infer<typeof pricingSchema>;
export type AvailabilityContent = z.infer<typeof availabilitySchema>;
export type PrivacyContent = z.infer<typeof privacySchema>;
export type WaterPackageContent = z.infer<typeof waterPackagesSchema>[number];
export type ServiceFrontmatter = z.infer<typeof serviceFrontmatterSchema>;
export type PostFrontmatter = z.infer<typeof postFrontmatterSchema>;

/** Validates parsed content and returns the typed value, or the list of problems. */
export function validateContent<T extends z.ZodType>(
  schema: T,
  file: string,
  data: unknown,
): { ok: true; value: z.output<T> } | { ok: false; problems: string[] } {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: formatContentIssues(file, result.error) };
}
