/**
 * The shape of everything a writer or the business owner edits under `content/`.
 *
 * gatsby-node validates every content file against these schemas while sourcing, so a
 * missing or malformed field stops the build with the file and the field named
 * (see `formatContentIssues` in content-errors.ts). Objects are strict: a misspelt field name is an error,
 * not silently ignored.
 *
 * The same schemas define the content editor at /admin (src/features/editor/shared/editor-config.ts): a
 * field's `.meta()` gives its label (`title`, else one is made from the field name), the hint
 * shown under it (`description`) and, where the type alone does not say it, the editor's widget
 * (`widget`: "text" for several lines, "image"). Dates carry `format: "date"`. They also make the
 * build's GraphQL types (gatsby/schema.ts) and the README's content tables, where the
 * `description` is the "what it is" column (`npm run docs` rewrites them).
 */
import { z } from "zod";
import { availabilitySchema } from "./availability-schema";
import { privacySchema } from "./privacy/retention-schema";
import { formatContentIssues } from "./content-errors";
import {
  patterns,
  httpsUrl,
  isoDate,
  longText,
  navLink,
  question,
  slug,
  source,
  text,
  wholeDollars,
} from "./content-fields";

/**
 * A licence, accreditation or certification the business holds. Pages name a credential only
 * from this list: the About page shows all of them, and each service page shows those whose
 * `services` include it.
 */
const credential = z.strictObject({
  id: slug,
  name: text,
  issuer: text,
  number: text.optional().meta({ description: "The licence or certificate number, where it has one" }),
  services: z
    .array(slug)
    .default([])
    .meta({ description: "The service pages that rely on it, by file name, e.g. [radon]; each shows it" }),
});

export const siteSchema = z.strictObject({
  name: text.meta({ title: "Business name" }),
  tagline: text.meta({ description: "e.g. Home and property inspections across Maryland" }),
  blurb: longText.meta({ description: "The footer's short description of the business" }),
  phone: z
    .string()
    .regex(patterns.phone.regex, patterns.phone.message)
    .meta({ description: "Written as (410) 555-0142; every call link on the site is made from it" }),
  email: z.email("must be an e-mail address").meta({ title: "E-mail" }),
  deskPeople: z.array(z.email("must be an e-mail address")).optional().meta({
    title: "Desk people",
    description:
      "Who else may sign in to the owner's desk at /desk, by e-mail address; the business e-mail always may, and hears of every sign-in",
  }),
  serviceArea: text.meta({ description: "e.g. Maryland, USA" }),
  address: z.strictObject({
    street: text.optional().meta({ description: "The office's street address" }),
    locality: text.optional().meta({ description: "The office's town" }),
    postalCode: z.string().regex(patterns.zipCode.regex, patterns.zipCode.message).optional(),
    region: z
      .string()
      .regex(patterns.twoLetters.regex, "must be a two-letter state code, such as MD")
      .meta({ description: "The state's code, e.g. MD" }),
    country: z
      .string()
      .regex(patterns.twoLetters.regex, "must be a two-letter country code, such as US")
      .meta({ description: "The country's code, e.g. US" }),
  }),
  yearsInBusiness: z.number().int().positive(),
  inspectionsCompleted: z.number().int().positive(),
  licenseNumber: text.meta({ description: 'Quote it so it stays text: "33918"' }),
  insuranceSummary: longText.meta({ description: "One sentence on the insurance held" }),
  credentials: z
    .array(credential)
    .min(1, "must list at least the home inspector license")
    .meta({ description: "Every licence, accreditation and certification held; pages name no other" }),
  copyrightYear: z.number().int().min(2000).max(2100).meta({
    description: "The year the site was first published; the footer runs it to the year of the build (© 2025–2026)",
  }),
  social: z.strictObject({
    facebook: httpsUrl,
    instagram: httpsUrl,
    linkedin: httpsUrl,
    youtube: httpsUrl,
  }),
});

export const navigationSchema = z.array(navLink).min(1, "must list at least one link");

export const footerSchema = z.strictObject({
  services: z.array(navLink).min(1),
  company: z.array(navLink).min(1),
});

export const faqSchema = z.array(z.strictObject({ group: text, questions: z.array(question).min(1) })).min(1);

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

const sizeBand = z.strictObject({ maxSqFt: z.number().int().positive(), price: wholeDollars });
const mainInspection = z.strictObject({
  id: slug,
  label: text,
  service: slug,
  sizeBands: z.array(sizeBand).min(1),
  overflow: z
    .strictObject({ perSqFt: z.number().int().positive(), price: wholeDollars })
    .meta({ description: "Beyond the largest band: price for each further perSqFt started" }),
});

export const pricingSchema = z
  .strictObject({
    mainInspections: z.array(mainInspection).min(1),
    ageAdjustments: z.array(
      z.strictObject({ label: text, builtBefore: z.number().int(), percent: z.number().min(0).max(100) }),
    ),
    foundations: z.array(z.strictObject({ id: slug, label: text, adjustment: wholeDollars })).min(1),
    addOns: z.array(z.strictObject({ id: slug, label: text, service: slug, price: wholeDollars })),
    travelZones: z.array(z.strictObject({ label: text, fee: wholeDollars, counties: z.array(text).min(1) })).min(1),
    onlinePayment: z
      .strictObject({
        ask: z.enum(["none", "deposit", "full"]).meta({
          description: "What a client is asked to pay online when booking: nothing, a deposit, or the whole fee",
        }),
        depositDollars: wholeDollars.optional().meta({ description: "The deposit, for ask: deposit" }),
      })
      .meta({ description: "Online payment, once the Stripe settings are given (docs/deploy.md)" }),
    countyZipPrefixes: z
      .array(
        z.strictObject({
          county: text,
          prefixes: z.array(z.string().regex(patterns.zipPrefix.regex, patterns.zipPrefix.message)).min(1),
        }),
      )
      .meta({
        description: "The first three digits of each county's ZIP codes; every county of a travel zone needs them",
      }),
  })
  .superRefine((pricing, context) => {
    if (pricing.onlinePayment.ask === "deposit" && !pricing.onlinePayment.depositDollars) {
      context.addIssue({
        code: "custom",
        path: ["onlinePayment", "depositDollars"],
        message: "must be a number of dollars above 0 when ask is deposit",
      });
    }
    for (const county of pricing.travelZones.flatMap((zone) => zone.counties)) {
      if (!pricing.countyZipPrefixes.some((entry) => entry.county === county)) {
        context.addIssue({
          code: "custom",
          path: ["countyZipPrefixes"],
          message: `must list the ZIP prefixes of ${county}`,
        });
      }
    }
  });

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

export const postFrontmatterSchema = z
  .strictObject({
    title: text,
    description: longText
      .max(200, "must be at most 200 characters")
      .meta({ description: "The summary on the blog index and in search results" }),
    date: isoDate.meta({ description: "The blog lists newest first" }),
    /** When the copy last changed in substance after publication; shown as "Updated <date>". */
    updated: isoDate.optional().meta({
      description: "When the copy last changed in substance, after the date; shown as Updated November 23, 2026",
    }),
    lastReviewed: isoDate.optional().meta({ description: "For posts that explain the law" }),
    author: text,
    image: z
      .string()
      .optional()
      .meta({ title: "Cover image", widget: "image", description: "An image saved beside the post, e.g. ./cover.jpg" }),
    imageAlt: text
      .optional()
      .meta({ title: "Cover image description", description: "Required when there is a cover image: what it shows" }),
    draft: z
      .boolean()
      .default(false)
      .meta({ description: "A draft shows while writing (npm run develop) and is left out of the published site" }),
    topics: z.array(slug).default([]).meta({
      description:
        "Ids from the topics list (Business, prices and FAQ → Blog topics), e.g. [mold, maryland-law]; the post is listed on each topic's page",
    }),
    related: z
      .array(slug)
      .default([])
      .meta({ title: "Related services", description: "Service pages to link to, by file name, e.g. [sewer-septic]" }),
    sources: z.array(source).default([]).meta({ description: "Official sources" }),
  })
  .refine((post) => !post.updated || post.updated > post.date, {
    path: ["updated"],
    message: "must be a date after the post's date",
  });

/** The blog's topics: a post names its topics by id, and each topic has its page of posts. */
export const topicsSchema = z
  .array(
    z.strictObject({
      id: slug.meta({ description: "Also its address: mold is /blog/topics/mold; posts name it in their topics" }),
      name: text,
      description: longText.meta({ description: "One sentence, shown on the topic's page" }),
      services: z.array(slug).default([]).meta({
        description: "Service pages a reader of the topic may need, by file name; each post of the topic links them",
      }),
    }),
  )
  .min(1, "must list at least one topic")
  .superRefine((topics, context) => {
    topics.forEach((topic, index) => {
      if (topics.findIndex((other) => other.id === topic.id) !== index) {
        context.addIssue({ code: "custom", path: [index, "id"], message: "is listed twice" });
      }
    });
  });

/** The front matter of content/agreement.md (its body: src/lib/agreement/agreement-text.ts). */
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
