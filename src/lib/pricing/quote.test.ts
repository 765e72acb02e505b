import { homeInspectionPricing } from "../../../jest/home-inspection-pricing";
import type { PricingTables } from "../content/content-schema";
import {
  basePrice,
  computeQuote,
  countiesServed,
  listedPriceRange,
  percentOf,
  startingPriceForService,
  type QuoteInput,
} from "./quote";

const tables: PricingTables = {
  mainInspections: [homeInspectionPricing],
  ageAdjustments: [
    { label: "Built before 1978", builtBefore: 1978, percent: 5 },
    { label: "Built before 1940", builtBefore: 1940, percent: 15 },
  ],
  foundations: [
    { id: "basement", label: "Basement", adjustment: 0 },
    { id: "crawlspace", label: "Crawlspace", adjustment: 50 },
  ],
  addOns: [
    { id: "radon", label: "Radon test", service: "radon", price: 175 },
    { id: "sewer-scope", label: "Sewer scope", service: "sewer-septic", price: 225 },
    { id: "septic", label: "Septic inspection", service: "sewer-septic", price: 450 },
  ],
  travelZones: [
    { label: "no travel fee", fee: 0, counties: ["Anne Arundel"] },
    { label: "far counties", fee: 150, counties: ["Garrett"] },
  ],
  onlinePayment: { ask: "none" },
  countyZipPrefixes: [
    { county: "Anne Arundel", prefixes: ["214"] },
    { county: "Garrett", prefixes: ["215"] },
  ],
};
const packages = [
  { id: "basic", name: "Basic Potability", price: 150 },
  { id: "lender", name: "Lender FHA / VA", price: 225 },
];
const input: QuoteInput = {
  mainInspection: "residential",
  addOns: [],
  waterPackages: [],
  squareFeet: 2000,
  yearBuilt: 1995,
  foundation: "basement",
  county: "Anne Arundel",
};

describe("base price by size band", () => {
  const inspection = tables.mainInspections[0]!;
  it.each([
    [800, 400, "Home inspection, up to 1,500 sq ft"],
    [1500, 400, "Home inspection, up to 1,500 sq ft"],
    [1501, 450, "Home inspection, up to 2,500 sq ft"],
    [2500, 450, "Home inspection, up to 2,500 sq ft"],
  ])("%i sq ft costs $%i", (squareFeet, amount, label) => {
    expect(basePrice(inspection, squareFeet)).toEqual({ kind: "base", label, amount });
  });

  it("adds the overflow price for each started step beyond the largest band", () => {
    expect(basePrice(inspection, 2501).amount).toBe(500);
    expect(basePrice(inspection, 3000).amount).toBe(500);
    expect(basePrice(inspection, 3001)).toEqual({
      kind: "base",
      label: "Home inspection, 3,001 sq ft (2,500 sq ft plus 2 × 500 sq ft)",
      amount: 550,
    });
  });
});

describe("computeQuote", () => {
  it("itemizes base, foundation and travel for a newer home", () => {
    expect(computeQuote(tables, packages, input)).toEqual({
      lines: [
        { kind: "base", label: "Home inspection, up to 2,500 sq ft", amount: 450 },
        { kind: "foundation", label: "Foundation: Basement", amount: 0 },
        { kind: "travel", label: "Travel: Anne Arundel (no travel fee)", amount: 0 },
      ],
      total: 450,
    });
  });

  it("applies the oldest age bracket the home falls in", () => {
    const lines = (yearBuilt: number) => computeQuote(tables, packages, { ...input, yearBuilt }).lines;
    expect(lines(1977)).toContainEqual({ kind: "age", label: "Built before 1978 (+5%)", amount: 23 });
    expect(lines(1939)).toContainEqual({ kind: "age", label: "Built before 1940 (+15%)", amount: 68 });
    expect(lines(1978).some((line) => line.kind === "age")).toBe(false);
  });

  it("adds each add-on, each water package, the foundation and the county's travel fee", () => {
    const quote = computeQuote(tables, packages, {
      ...input,
      addOns: ["radon", "septic"],
      waterPackages: ["lender"],
      foundation: "crawlspace",
      county: "Garrett",
    });
    expect(quote.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 450],
      ["foundation", 50],
      ["add-on", 175],
      ["add-on", 450],
      ["water", 225],
      ["travel", 150],
    ]);
    expect(quote.total).toBe(1500);
  });

  it("prices tests alone, without a main inspection or its adjustments", () => {
    const quote = computeQuote(tables, packages, {
      ...input,
      mainInspection: null,
      yearBuilt: 1900,
      waterPackages: ["basic"],
    });
    expect(quote).toEqual({
      lines: [
        { kind: "water", label: "Water test: Basic Potability", amount: 150 },
        { kind: "travel", label: "Travel: Anne Arundel (no travel fee)", amount: 0 },
      ],
      total: 150,
    });
  });

  it("refuses ids that are not in the tables", () => {
    expect(() => computeQuote(tables, packages, { ...input, addOns: ["pool"] })).toThrow('Unknown add-on: "pool"');
    expect(() => computeQuote(tables, packages, { ...input, county: "Atlantis" })).toThrow(
      'Unknown county: "Atlantis"',
    );
    expect(() => computeQuote(tables, packages, { ...input, mainInspection: "castle" })).toThrow(
      'Unknown inspection: "castle"',
    );
  });
});

describe("rounding", () => {
  it("rounds percentages to the nearest dollar, halves up", () => {
    expect(percentOf(450, 5)).toBe(23); // 22.5
    expect(percentOf(410, 5)).toBe(21); // 20.5
    expect(percentOf(449, 5)).toBe(22); // 22.45
    expect(percentOf(455, 15)).toBe(68); // 68.25
    expect(percentOf(430, 15)).toBe(65); // 64.5
  });
});

describe("startingPriceForService", () => {
  it("is the lowest band of a main inspection, or the lowest add-on or package", () => {
    expect(startingPriceForService("residential", tables, [])).toBe(400);
    expect(startingPriceForService("sewer-septic", tables, [])).toBe(225);
    expect(startingPriceForService("water-quality", tables, [225, 150])).toBe(150);
    expect(startingPriceForService("lead-paint-legal-requirements", tables, [150])).toBeNull();
  });
});

describe("listedPriceRange", () => {
  it("runs from the lowest listed price to the highest, size bands, add-ons and packages alike", () => {
    const highestBand = Math.max(...homeInspectionPricing.sizeBands.map((band) => band.price));
    expect(listedPriceRange(tables, [])).toBe(`$175–$${highestBand}`);
    expect(listedPriceRange(tables, [150, 2_500])).toBe("$150–$2,500");
  });

  it("is one price when every listed price is the same", () => {
    const one = { ...tables, mainInspections: [], addOns: [tables.addOns[0]!] };
    expect(listedPriceRange(one, [175])).toBe("$175");
  });
});

describe("the business's own tables (content/pricing.yaml)", () => {
  // Imported as the site imports them, through the YAML loader.
  const { pricing, waterPackages } = jest.requireActual(
    "../content/business-data",
  ) as typeof import("../content/business-data");
  const ownPackages = waterPackages.map(({ id, name, price }) => ({ id, name, price }));
  const county = pricing.travelZones.find((zone) => zone.fee === 0)!.counties[0]!;

  it.each(
    pricing.mainInspections.flatMap((inspection) =>
      inspection.sizeBands.map((band) => [inspection.id, band.maxSqFt, band.price] as [string, number, number]),
    ),
  )("%s at %i sq ft starts at $%i", (mainInspection, squareFeet, price) => {
    const quote = computeQuote(pricing, ownPackages, { ...input, mainInspection, squareFeet, county });
    expect(quote.lines[0]).toMatchObject({ kind: "base", amount: price });
  });

  it.each(pricing.addOns.map((addOn) => [addOn.id, addOn.price] as [string, number]))(
    "the %s add-on costs $%i",
    (id, price) => {
      const quote = computeQuote(pricing, ownPackages, { ...input, mainInspection: null, addOns: [id], county });
      expect(quote.total).toBe(price);
    },
  );

  it.each(pricing.travelZones.flatMap((zone) => zone.counties.map((name) => [name, zone.fee] as [string, number])))(
    "travel to %s costs $%i",
    (name, fee) => {
      const quote = computeQuote(pricing, ownPackages, {
        ...input,
        mainInspection: null,
        addOns: ["radon"],
        county: name,
      });
      expect(quote.lines.at(-1)).toMatchObject({ kind: "travel", amount: fee });
    },
  );
});

test("the counties served are every travel zone's, A to Z", () => {
  expect(
    countiesServed({
      travelZones: [
        { label: "Near", fee: 0, counties: ["Howard", "Anne Arundel"] },
        { label: "Far", fee: 75, counties: ["Garrett", "Baltimore City"] },
      ],
    }),
  ).toEqual(["Anne Arundel", "Baltimore City", "Garrett", "Howard"]);
});
