/**
 * The shape of everything a writer or the business owner edits under `content/`.
 *
 * gatsby-node validates every content file against these schemas while sourcing, so a
 * missing or malformed field stops the build with the file and the field named
 * (see `formatContentIssues`). Objects are strict: a misspelt field name is an error,
 * not silently ignored.
 *
 * The same schemas define the content editor at /admin (src/lib/cms/editor-config.ts): a
 * field's `.meta()` gives its label (`title`, else one is made from the field name), the hint
 * shown under it (`description`) and, where the type alone does not say it, the editor's widget
 * (`widget`: "text" for several lines, "image"). Dates carry `format: "date"`. They also make the
 * build's GraphQL types (gatsby/schema.ts) and the README's content tables, where the
 * `description` is the "what it is" column (`npm run docs` rewrites them).
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
  clockTime: {
    regex: /^([01]\d|2[0-3]):[0-5]\d$/,
    message: "must be a time written as HH:MM on the 24-hour clock, such as 08:00",
  },
} as const;

const text = z.string().trim().min(1, "must not be empty");
/** Text of several lines or sentences: the editor gives it a text area. */
const longText = text.meta({ widget: "text" });
const slug = z.string().regex(patterns.slug.regex, patterns.slug.message);
const internalHref = z.string().regex(patterns.internalHref.regex, patterns.internalHref.message);
const httpsUrl = z.url({ protocol: /^https$/, error: "must be a full https:// address" });
const wholeDollars = z.number().int("must be a whole number of dollars").nonnegative("must not be negative");

/** Front matter dates arrive as Date objects (YAML timestamps) or strings; both become YYYY-MM-DD. */
const isoDate = z
  .union([z.date(), z.string()])
  .transform((value, ctx) => {
    const date = value instanceof Date ? value : new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be a date written as YYYY-MM-DD" });
      return z.NEVER;
    }
    return date.toISOString().slice(0, 10);
  })
  .meta({ format: "date" });

const source = z.strictObject({ label: text, url: httpsUrl.meta({ title: "Address" }) });
const question = z.strictObject({ question: text, answer: longText });
const navLink = z.strictObject({ name: text, href: internalHref });

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

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];
/**
 * The holidays the owner may close on, by id; src/lib/booking/holidays.ts has the date-holidays
 * rule that dates each one and the observed-day rule.
 */
export const holidayIds = [
  "new-years-day",
  "martin-luther-king-day",
  "presidents-day",
  "memorial-day",
  "juneteenth",
  "independence-day",
  "labor-day",
  "columbus-day",
  "veterans-day",
  "thanksgiving",
  "day-after-thanksgiving",
  "christmas-eve",
  "christmas",
  "new-years-eve",
] as const;
export type HolidayId = (typeof holidayIds)[number];
const clockTime = z.string().regex(patterns.clockTime.regex, patterns.clockTime.message);
const minutes = z.number().int("must be a whole number of minutes").nonnegative("must not be negative");

/**
 * When the business works and how long its jobs take: the schedule page offers only the start
 * times these allow and nobody has claimed. With `bookingOnline: false` the page takes a request
 * for two preferred dates and the office calls back instead.
 */
export const availabilitySchema = z
  .strictObject({
    bookingOnline: z
      .boolean()
      .meta({ description: "On: visitors book a confirmed time. Off: they ask for two dates and you call back" }),
    timeZone: z.literal("America/New_York").meta({ description: "The business's time zone (Maryland)" }),
    weeklyHours: z
      .array(z.strictObject({ day: z.enum(weekdays), opens: clockTime, closes: clockTime }))
      .min(1, "must list at least one working day")
      .meta({
        description:
          "One entry per working day; a day not listed is closed. The site's opening hours (Monday to Saturday, 8 am to 6 pm) are made from it",
      }),
    inspectors: z
      .number()
      .int()
      .min(1, "must be at least 1")
      .meta({ description: "How many jobs can run at the same time" }),
    startEveryMinutes: z
      .number()
      .int()
      .refine((value) => [15, 20, 30, 60].includes(value), "must be 15, 20, 30 or 60")
      .meta({ description: "Start times are offered every 15, 20, 30 or 60 minutes; a job must be over by closing" }),
    bufferMinutes: minutes.meta({ description: "Kept free after every job" }),
    minimumNoticeWorkingDays: z
      .number()
      .int()
      .min(0)
      .meta({ description: "1: the earliest booking is on the next working day" }),
    horizonDays: z.number().int().min(1).max(365).meta({ description: "How far ahead visitors may book" }),
    closedHolidays: z.array(z.enum(holidayIds)).meta({
      description:
        "Holidays you close on, by id. One on a day you do not work closes the next day instead, or else the day before, when you work that day and it is not another of these holidays",
    }),
    blockedDates: z.array(isoDate).default([]).meta({ description: "Other days you do not work" }),
    durations: z
      .strictObject({
        mainInspections: z
          .array(
            z.strictObject({
              id: slug.meta({ description: "An inspection's id in pricing.yaml" }),
              sizeBands: z.array(z.strictObject({ maxSqFt: z.number().int().positive(), minutes })).min(1),
              overflow: z.strictObject({ perSqFt: z.number().int().positive(), minutes }),
            }),
          )
          .meta({ description: "Time on site by finished square feet, as the price bands" }),
        addOns: z
          .array(z.strictObject({ id: slug.meta({ description: "An add-on's id in pricing.yaml" }), minutes }))
          .meta({ description: "Time each add-on adds on site" }),
        waterSamplingMinutes: minutes.meta({
          description: "Time on site to take water samples, whatever the packages",
        }),
        travel: z
          .array(z.strictObject({ zone: text.meta({ description: "A travel zone's label in pricing.yaml" }), minutes }))
          .meta({ description: "Extra time blocked for travel, by the price tables' travel zones" }),
      })
      .meta({ description: "Time on site; the build refuses a price without a duration" }),
    cancellation: z.strictObject({
      cutoffHours: z
        .number()
        .int()
        .min(0)
        .meta({ description: "Visitors may cancel or move online until this many hours before the start" }),
      policy: longText.meta({
        description: "The policy as visitors read it, before booking and on /cancellation-policy",
      }),
    }),
    holds: z
      .strictObject({
        confirmWithinMinutes: z.number().int().min(10).max(2880).meta({
          description:
            "A new booking holds its time until it is confirmed from the e-mailed link within this many minutes of the e-mail's delivery; then the time is freed",
        }),
        perMailbox: z
          .number()
          .int()
          .min(1)
          .meta({ description: "Bookings one e-mail address may hold at once, confirmed or waiting" }),
        perPhone: z.number().int().min(1).meta({ description: "Bookings one phone number may hold at once" }),
        perProperty: z.number().int().min(1).meta({ description: "Bookings one property address may hold at once" }),
        movesPerBooking: z
          .number()
          .int()
          .min(0)
          .meta({ description: "How many times a visitor may move one booking online; after that, by phone" }),
      })
      .meta({ description: "What keeps anyone from holding the calendar with bookings nobody will keep" }),
    reminders: z
      .strictObject({
        beforeVisitHours: z.number().int().min(1).max(336).meta({
          description: "The client (and an agent who booked) are e-mailed a reminder this many hours before the visit",
        }),
        unsignedOwnerAlertHours: z.number().int().min(1).max(336).meta({
          description:
            "A booking whose agreement is still unsigned this many hours before the visit is e-mailed to you",
        }),
      })
      .meta({ description: "The e-mails sent before a visit" }),
  })
  .superRefine((availability, context) => {
    availability.weeklyHours.forEach((entry, index) => {
      if (entry.closes <= entry.opens) {
        context.addIssue({ code: "custom", path: ["weeklyHours", index, "closes"], message: "must be after opens" });
      }
      if (availability.weeklyHours.findIndex((other) => other.day === entry.day) !== index) {
        context.addIssue({ code: "custom", path: ["weeklyHours", index, "day"], message: "is listed twice" });
      }
    });
    availability.closedHolidays.forEach((holiday, index) => {
      if (availability.closedHolidays.indexOf(holiday) !== index) {
        context.addIssue({ code: "custom", path: ["closedHolidays", index], message: "is listed twice" });
      }
    });
  });

/** The front matter of content/agreement.md (its body: src/lib/booking/agreement-text.ts). */
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

/** A whole number of years a record is kept, counted as the field's description says. */
const keptYears = (description: string) =>
  z.number().int("must be a whole number of years").min(1).max(10).meta({ description });

/**
 * How long each kind of record is kept (privacy.yaml): the notice at /privacy states them and a
 * daily pass deletes what is due (src/lib/server/privacy/retention.ts).
 */
export const privacySchema = z.strictObject({
  contactMessagesYears: keptYears("Years a contact message is kept, from when it arrived"),
  requestsNotBookedYears: keptYears(
    "Years a schedule request that never became a visit (a call-back request, a booking never confirmed or cancelled) is kept, from when it arrived",
  ),
  bookingsYears: keptYears("Years a booked inspection and its e-mails are kept, from the day of the visit"),
  signedAgreementsYears: z
    .number()
    .int("must be a whole number of years")
    .min(5, "must be at least 5: Maryland law keeps contracts and reports for 5 years (BOP §16-4A-05)")
    .max(10)
    .meta({ description: "Years a signed inspection agreement is kept, from its delivery; at least 5 by law" }),
  dataRequestsYears: keptYears("Years a request to see or delete one's data is kept, from when it arrived"),
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

/** Turns a path such as ["addOns", 2, "price"] into `addOns[2].price`. */
export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

/** One line per problem: `content/pricing.yaml: field "addOns[2].price" must be ...`. */
export function formatContentIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const where = issue.path.length ? ` in "${formatFieldPath(issue.path)}"` : "";
      return `${file}: unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys
        .map((key) => `"${key}"`)
        .join(", ")}${where}; check the spelling against the README's content model`;
    }
    const field = formatFieldPath(issue.path) || "(the whole file)";
    const missing = (issue.code === "invalid_type" || issue.code === "invalid_union") && issue.input === undefined;
    return `${file}: field "${field}" ${missing ? "is required" : describe(issue)}`;
  });
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return `must be ${article(issue.expected)}`;
  if (issue.code === "invalid_value") return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  // Our own messages read as the end of the sentence ("must be after opens", "is listed twice"); zod's do not.
  return /^(must|is) /.test(issue.message) ? issue.message : `is invalid: ${issue.message}`;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

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
