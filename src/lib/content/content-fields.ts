/**
 * The field types every content schema is made of (content-schema.ts, availability-schema.ts):
 * each with the pattern it must match and the message the build and the editor both give, and
 * the editor's metadata where the type alone does not say it (`widget: "text"` for several lines,
 * `format: "date"`).
 */
import { z } from "zod";

/** Each pattern a text field must match, with the message both the build and the editor give. */
export const patterns = {
  slug: {
    regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    message: "must be lowercase words joined by hyphens, e.g. radon-testing",
  },
  internalHref: {
    regex: /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/,
    message: "must be a site path such as /services/radon",
  },
  phone: { regex: /^\(\d{3}\) \d{3}-\d{4}$/, message: "must be a US number written as (410) 555-0142" },
  zipCode: { regex: /^\d{5}$/, message: "must be a five-digit ZIP code" },
  zipPrefix: { regex: /^\d{3}$/, message: "must be three digits" },
  /** A state or country code; each field gives its own example. */
  twoLetters: { regex: /^[A-Z]{2}$/, message: "must be two capital letters" },
  colour: { regex: /^#[0-9a-fA-F]{6}$/, message: "must be a colour written as #RRGGBB, such as #174f73" },
  clockTime: {
    regex: /^([01]\d|2[0-3]):[0-5]\d$/,
    message: "must be a time written as HH:MM on the 24-hour clock, such as 08:00",
  },
} as const;

export const text = z.string().trim().min(1, "must not be empty");
/** Text of several lines or sentences: the editor gives it a text area. */
export const longText = text.meta({ widget: "text" });
export const slug = z.string().regex(patterns.slug.regex, patterns.slug.message);
export const internalHref = z.string().regex(patterns.internalHref.regex, patterns.internalHref.message);
export const httpsUrl = z.url({ protocol: /^https$/, error: "must be a full https:// address" });
export const wholeDollars = z.number().int("must be a whole number of dollars").nonnegative("must not be negative");

/**
 * A date written YYYY-MM-DD. Every content file is read with `yaml` (YAML 1.2), which keeps such a
 * date as text, so it arrives as a string; it leaves as the same YYYY-MM-DD.
 */
export const isoDate = z
  .string()
  .transform((value, ctx) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be a date written as YYYY-MM-DD" });
      return z.NEVER;
    }
    return date.toISOString().slice(0, 10);
  })
  .meta({ format: "date" });

export const source = z.strictObject({ label: text, url: httpsUrl.meta({ title: "Address" }) });
export const question = z.strictObject({ question: text, answer: longText });
export const navLink = z.strictObject({ name: text, href: internalHref });
