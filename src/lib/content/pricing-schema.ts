/**
 * The shape of content/pricing.yaml: the inspections' price tables, the add-ons, travel zones and
 * what a client is asked to pay online. Joined with the other content files' schemas in
 * content-schema.ts.
 */
import { z } from "zod";
import { patterns, slug, text, wholeDollars } from "./content-fields";

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
