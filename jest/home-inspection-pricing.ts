import type { PricingTables } from "../src/lib/content/content-schema";

/**
 * A home inspection priced as content/pricing.yaml prices one, for the tests of the quote and of
 * the live estimate: $400 up to 1,500 sq ft, $450 up to 2,500, then $50 a further 500 sq ft. The
 * bands are listed largest first, as an editor might write them, so the tests also show that the
 * price does not depend on their order.
 */
export const homeInspectionPricing: PricingTables["mainInspections"][number] = {
  id: "residential",
  label: "Home inspection",
  service: "residential",
  sizeBands: [
    { maxSqFt: 2500, price: 450 },
    { maxSqFt: 1500, price: 400 },
  ],
  overflow: { perSqFt: 500, price: 50 },
};
