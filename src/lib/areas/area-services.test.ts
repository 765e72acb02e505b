import { homeInspectionPricing } from "../../../jest/home-inspection-pricing";
import { areaServices } from "./area-services";
import type { PricingTables } from "../content/content-schema";

const tables: PricingTables = {
  mainInspections: [homeInspectionPricing],
  ageAdjustments: [{ label: "Built before 1978", builtBefore: 1978, percent: 10 }],
  foundations: [{ id: "basement", label: "Basement", adjustment: 0 }],
  addOns: [
    { id: "radon", label: "Radon test", service: "radon", price: 175 },
    { id: "well", label: "Well inspection", service: "well-inspection", price: 300 },
    { id: "septic", label: "Septic inspection", service: "sewer-septic", price: 450 },
  ],
  travelZones: [
    { label: "no travel fee", fee: 0, counties: ["Howard"] },
    { label: "far counties", fee: 150, counties: ["Washington"] },
  ],
  onlinePayment: { ask: "none" },
  countyZipPrefixes: [],
};
const fact = (topic: string, figure: Record<string, number> = {}) => ({ topic, ...figure });

describe("the services an area page puts first", () => {
  it("is the home inspection alone, at the smallest band with the county's travel fee, where no fact calls for more", () => {
    const services = areaServices(tables, { county: "Washington", facts: [fact("radon"), fact("wells")] });
    expect(services.map((service) => [service.id, service.service, service.total])).toEqual([
      ["residential", "residential", 400 + 150],
    ]);
    expect(services[0]!.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 400],
      ["travel", 150],
    ]);
  });

  it("adds a radon test where EPA places the county in Zone 1, and not in Zone 2", () => {
    const zoneOne = areaServices(tables, { county: "Washington", facts: [fact("radon", { radonZone: 1 })] });
    expect(zoneOne.map((service) => [service.id, service.total])).toEqual([
      ["residential", 550],
      ["radon", 175 + 150],
    ]);
    expect(zoneOne[1]!.why).toBe("EPA places the county in radon Zone 1");
    const zoneTwo = areaServices(tables, { county: "Washington", facts: [fact("radon", { radonZone: 2 })] });
    expect(zoneTwo.map((service) => service.id)).toEqual(["residential"]);
  });

  it("adds well and septic inspections where most homes have them, and not where half or fewer do", () => {
    const most = areaServices(tables, {
      county: "Howard",
      facts: [fact("wells", { percentOfHomes: 64 }), fact("septic", { percentOfHomes: 71 })],
    });
    expect(most.map((service) => [service.id, service.total, service.why])).toEqual([
      ["residential", 400, "The inspection of the house itself"],
      ["well", 300, "64% of homes here are on a private well"],
      ["septic", 450, "71% of homes here use a septic system"],
    ]);
    const half = areaServices(tables, {
      county: "Howard",
      facts: [fact("wells", { percentOfHomes: 50 }), fact("septic", { percentOfHomes: 12 })],
    });
    expect(half.map((service) => service.id)).toEqual(["residential"]);
  });

  it("prices the home inspection for the county's median year built where a source gives it", () => {
    const [home] = areaServices(tables, { county: "Howard", facts: [fact("homes", { medianYearBuilt: 1962 })] });
    expect(home!.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["base", 400],
      ["age", 40],
      ["travel", 0],
    ]);
    expect(home!.why).toBe("For a home built in 1962, the median here");
  });

  it("stops with the job's id when pricing.yaml no longer has it", () => {
    const withoutRadon = { ...tables, addOns: tables.addOns.filter((addOn) => addOn.id !== "radon") };
    expect(() => areaServices(withoutRadon, { county: "Howard", facts: [fact("radon", { radonZone: 1 })] })).toThrow(
      'pricing.yaml has no job "radon"',
    );
  });
});
