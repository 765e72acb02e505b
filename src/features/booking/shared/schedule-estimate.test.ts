import { homeInspectionPricing } from "../../../../jest/home-inspection-pricing";
import type { PricingTables } from "../../../lib/content/content-schema";
import { scheduleFieldSchemas } from "../../../lib/forms/schedule-fields";
import { estimateFromForm as estimateWith, preselection } from "./schedule-estimate";

const tables: PricingTables = {
  mainInspections: [homeInspectionPricing],
  ageAdjustments: [{ label: "Built before 1978", builtBefore: 1978, percent: 10 }],
  foundations: [{ id: "crawlspace", label: "Crawlspace", adjustment: 50 }],
  addOns: [
    { id: "sewer-scope", label: "Sewer scope", service: "sewer-septic", price: 225 },
    { id: "septic", label: "Septic inspection", service: "sewer-septic", price: 450 },
    { id: "radon", label: "Radon test", service: "radon", price: 175 },
  ],
  travelZones: [{ label: "nearby", fee: 40, counties: ["Howard"] }],
  onlinePayment: { ask: "none" },
  countyZipPrefixes: [{ county: "Howard", prefixes: ["210"] }],
};
const packages = [{ id: "basic", name: "Basic", price: 150 }];
const fields = scheduleFieldSchemas(
  {
    mainInspections: ["residential"],
    addOns: ["sewer-scope", "septic", "radon"],
    waterPackages: ["basic"],
    foundations: ["crawlspace"],
    counties: ["Howard"],
    countyZipPrefixes: {},
    topics: [],
  },
  { today: "2026-11-26", currentYear: 2026, booking: true },
);
const estimateFromForm = (t: PricingTables, p: typeof packages, values: Parameters<typeof estimateWith>[3]) =>
  estimateWith(t, p, fields, values);

describe("the live estimate", () => {
  it("is empty until something is chosen", () => {
    expect(estimateFromForm(tables, packages, { mainInspection: "none", addOns: [], waterPackages: [] })).toEqual({
      quote: null,
      missing: [],
    });
  });

  it("starts from the smallest band and lists what is still needed", () => {
    const { quote, missing } = estimateFromForm(tables, packages, {
      mainInspection: "residential",
      addOns: ["radon"],
      squareFeet: "",
    });
    expect(quote?.lines.map((line) => line.amount)).toEqual([400, 175]);
    expect(quote?.total).toBe(575);
    expect(missing).toEqual(["finished square feet", "year built", "foundation", "county"]);
  });

  it("grows into the full quote as details arrive", () => {
    const { quote, missing } = estimateFromForm(tables, packages, {
      mainInspection: "residential",
      addOns: [],
      waterPackages: ["basic"],
      squareFeet: "2000",
      yearBuilt: "1960",
      foundation: "crawlspace",
      county: "Howard",
    });
    expect(missing).toEqual([]);
    expect(quote?.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 450],
      ["age", 45],
      ["foundation", 50],
      ["water", 150],
      ["travel", 40],
    ]);
    expect(quote?.total).toBe(735);
  });

  it("reads the square feet as the server does: 2,100 is 2,100", () => {
    const { quote, missing } = estimateFromForm(tables, packages, {
      mainInspection: "residential",
      squareFeet: "2,100",
      yearBuilt: "1990",
    });
    expect(quote?.lines[0]).toMatchObject({ label: "Home inspection, up to 2,500 sq ft", amount: 450 });
    expect(missing).not.toContain("finished square feet");
  });

  it("leaves out an answer its schema refuses, and asks for it", () => {
    const { quote, missing } = estimateFromForm(tables, packages, {
      mainInspection: "residential",
      squareFeet: "0x834",
    });
    expect(quote?.lines[0]?.amount).toBe(400);
    expect(missing).toContain("finished square feet");
  });

  it("needs only the county for tests booked alone", () => {
    expect(estimateFromForm(tables, packages, { mainInspection: "none", addOns: ["radon"] }).missing).toEqual([
      "county",
    ]);
  });
});

describe("choices made by the link that opened the page", () => {
  it.each([
    ["?service=residential", { mainInspection: "residential", addOns: [], waterPackages: [] }],
    ["?service=radon", { mainInspection: "none", addOns: ["radon"], waterPackages: [] }],
    ["?service=sewer-septic", { mainInspection: "none", addOns: ["sewer-scope", "septic"], waterPackages: [] }],
    ["?package=basic", { mainInspection: "none", addOns: [], waterPackages: ["basic"] }],
  ])("%s", (search, expected) => {
    expect(preselection(search, tables, packages)).toEqual(expected);
  });

  it("ignores unknown or missing choices", () => {
    expect(preselection("", tables, packages)).toBeNull();
    expect(preselection("?service=castle", tables, packages)).toBeNull();
    expect(preselection("?package=gold", tables, packages)).toBeNull();
  });
});

describe("a link that names the place", () => {
  const place: PricingTables = {
    ...tables,
    travelZones: [
      { label: "nearby", fee: 40, counties: ["Howard", "Prince George's"] },
      { label: "far", fee: 150, counties: ["Washington"] },
    ],
    countyZipPrefixes: [
      { county: "Howard", prefixes: ["210", "217"] },
      { county: "Prince George's", prefixes: ["206", "207"] },
      { county: "Washington", prefixes: ["217"] },
    ],
  };

  it.each([
    ["?county=Prince%20George's", { county: "Prince George's" }],
    ["?county=prince-georges", { county: "Prince George's" }],
    ["?county=Howard&zip=21044", { county: "Howard", zip: "21044" }],
    // A ZIP code whose prefix one county alone has chooses that county.
    ["?zip=20601", { county: "Prince George's", zip: "20601" }],
    // 217 is Howard's and Washington's: the ZIP code is kept, the county left to the visitor.
    ["?zip=21740", { zip: "21740" }],
    [
      "?service=radon&county=Washington",
      { mainInspection: "none", addOns: ["radon"], waterPackages: [], county: "Washington" },
    ],
  ])("%s chooses %j", (search, expected) => {
    expect(preselection(search, place, packages)).toEqual(expected);
  });

  it("ignores a county or a ZIP code it does not know, and a ZIP code the county named lacks", () => {
    expect(preselection("?county=Fairfax", place, packages)).toBeNull();
    expect(preselection("?county=", place, packages)).toBeNull();
    expect(preselection("?zip=10001", place, packages)).toBeNull();
    expect(preselection("?zip=abcde", place, packages)).toBeNull();
    expect(preselection("?county=Washington&zip=20601", place, packages)).toEqual({ county: "Washington" });
    expect(preselection("?service=castle&county=Howard", place, packages)).toEqual({ county: "Howard" });
  });
});

describe("a link from an agent's page", () => {
  it("fills in the agent who books, and nothing of the client's", () => {
    const search = "?bookedByAgent=yes&agentName=Ann+Agent&agentEmail=ann%40realty.example&agentPhone=410-555-0101";
    expect(preselection(search, tables, packages)).toEqual({
      bookedByAgent: "yes",
      agentName: "Ann Agent",
      agentEmail: "ann@realty.example",
      agentPhone: "410-555-0101",
    });
  });

  it("fills in no agent without the booked-by-agent choice", () => {
    expect(preselection("?agentName=Ann&agentEmail=ann%40realty.example", tables, packages)).toBeNull();
  });
});
