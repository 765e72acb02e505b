/** @jest-environment node */
/**
 * The page's estimate is the server's price: over generated answers, typed as a visitor types
 * them ("2,100", " 2100 ", "2100"), the estimate the schedule page shows equals the quote the
 * schedule function answers with, and an answer the function refuses is one the estimate
 * still asks for.
 */
import fc from "fast-check";
import { pricing } from "../../../lib/content/business-data";
import { catalog, waterPackageChoices } from "../../../lib/pricing/catalog";
import { NO_MAIN_INSPECTION, propertyTypes, referralSources } from "../../../lib/forms/choices";
import { scheduleFieldSchemas } from "../../../lib/forms/schedule-fields";
import type { ScheduleFormValues } from "../../../lib/request-schemas";
import { estimateFromForm } from "../../booking/shared";
import { marylandToday } from "../../../lib/maryland-time/maryland-today";
import { scheduleEndpoint } from "./endpoints";

const now = new Date();
const today = marylandToday(now);
const fields = scheduleFieldSchemas(catalog, { today, currentYear: Number(today.slice(0, 4)), booking: true });

/** A whole number as people type it: plain, with thousands commas, or with stray spaces. */
const typed = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.constantFrom("plain", "commas", "spaced"))
    .map(([value, style]) =>
      style === "commas" ? value.toLocaleString("en-US") : style === "spaced" ? ` ${value} ` : String(value),
    );

/** Answers a visitor could give, mostly ones the server takes, some it refuses. */
const answers = fc
  .record({
    mainInspection: fc.constantFrom(NO_MAIN_INSPECTION, ...catalog.mainInspections),
    addOns: fc.subarray([...catalog.addOns]),
    waterPackages: fc.subarray([...catalog.waterPackages]),
    county: fc.constantFrom(...catalog.counties),
    zipEnd: fc.integer({ min: 0, max: 99 }),
    squareFeet: fc.oneof({ weight: 4, arbitrary: typed(200, 200_000) }, fc.string({ maxLength: 8 })),
    yearBuilt: fc.oneof({ weight: 4, arbitrary: typed(1700, Number(today.slice(0, 4))) }, fc.string({ maxLength: 5 })),
    foundation: fc.constantFrom(...catalog.foundations),
    heardFrom: fc.constantFrom("", ...Object.keys(referralSources)),
  })
  .map(({ zipEnd, ...chosen }): ScheduleFormValues => {
    const prefix = catalog.countyZipPrefixes[chosen.county]?.[0] ?? "214";
    return {
      ...chosen,
      zip: `${prefix}${String(zipEnd).padStart(2, "0")}`,
      street: "12 Severn Avenue",
      city: "Annapolis",
      propertyType: Object.keys(propertyTypes)[0]!,
      firstDate: "",
      firstWindow: "",
      secondDate: "",
      secondWindow: "",
      start: `${today}T09:00:00-05:00`,
      copyAgent: "",
      agentReport: "",
      bookedByAgent: "",
      sameAddress: "",
      name: "Ann Client",
      email: "ann@example.com",
      phone: "(410) 555-0100",
      agentName: "",
      agentEmail: "",
      agentPhone: "",
      notes: "",
      website: "",
    };
  });

beforeAll(() => {
  process.env.BOOKING_LINK_SECRET = "a-secret-for-the-property-test";
});

it("the page's estimate equals the server's quote for every answer the server takes", () => {
  let accepted = 0;
  fc.assert(
    fc.property(answers, (values) => {
      const answer = scheduleEndpoint.accept(
        values,
        { reference: "SR-20261126-AAAAAA", receivedAt: now.toISOString(), now },
        "office@example.com",
      );
      const estimate = estimateFromForm(pricing, waterPackageChoices, fields, values);
      if (answer.ok) {
        accepted += 1;
        expect(estimate).toEqual({ quote: (answer.response as { quote: unknown }).quote, missing: [] });
      } else if (values.mainInspection !== NO_MAIN_INSPECTION) {
        // A size or year the server refuses is one the page still asks for, never priced another way.
        if (answer.fields.squareFeet) expect(estimate.missing).toContain("finished square feet");
        if (answer.fields.yearBuilt) expect(estimate.missing).toContain("year built");
      }
    }),
    { numRuns: 400 },
  );
  // The generator mostly makes answers the server takes, so the equality above is really tested.
  expect(accepted).toBeGreaterThan(100);
});
