/**
 * The shape of the business and the site's frame: content/site.yaml (the business's facts and
 * credentials), navigation.yaml, footer.yaml and faq.yaml. Joined with the other content files'
 * schemas, and checked on every build, in content-schema.ts.
 */
import { z } from "zod";
import { httpsUrl, longText, navLink, patterns, question, slug, text } from "./content-fields";

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
