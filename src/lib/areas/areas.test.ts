import { areaName, areaSlug, countyNamed, countyOfZip, travelZoneOf } from "./areas";

const counties = ["Baltimore City", "Baltimore County", "Frederick", "Prince George's", "St. Mary's"];
const prefixes = {
  countyZipPrefixes: [
    { county: "Frederick", prefixes: ["217"] },
    { county: "Washington", prefixes: ["217"] },
    { county: "Montgomery", prefixes: ["208", "209"] },
    { county: "Prince George's", prefixes: ["206", "207", "209"] },
  ],
};

describe("the places served", () => {
  it("names a county as a reader does, and leaves Baltimore City and Baltimore County as they are", () => {
    expect(areaName("Frederick")).toBe("Frederick County");
    expect(areaName("Prince George's")).toBe("Prince George's County");
    expect(areaName("Baltimore City")).toBe("Baltimore City");
    expect(areaName("Baltimore County")).toBe("Baltimore County");
  });

  it("makes each county's page slug from its name", () => {
    expect(counties.map(areaSlug)).toEqual([
      "baltimore-city",
      "baltimore-county",
      "frederick",
      "prince-georges",
      "st-marys",
    ]);
  });

  it("finds the county a link names, by its name or its slug, in any case", () => {
    expect(countyNamed("Prince George's", counties)).toBe("Prince George's");
    expect(countyNamed("prince-georges", counties)).toBe("Prince George's");
    expect(countyNamed("ST. MARY'S", counties)).toBe("St. Mary's");
    expect(countyNamed("baltimore-city", counties)).toBe("Baltimore City");
  });

  it("finds no county for a value that names none, or more than one", () => {
    expect(countyNamed("Baltimore", counties)).toBeNull();
    expect(countyNamed("Fairfax", counties)).toBeNull();
    expect(countyNamed("", counties)).toBeNull();
    expect(countyNamed("'--", counties)).toBeNull();
  });

  it("places a ZIP code in a county only where its prefix belongs to that county alone", () => {
    expect(countyOfZip("20850", prefixes)).toBe("Montgomery");
    expect(countyOfZip("20601", prefixes)).toBe("Prince George's");
    // 217 is Frederick's and Washington's, 209 Montgomery's and Prince George's.
    expect(countyOfZip("21701", prefixes)).toBeNull();
    expect(countyOfZip("20910", prefixes)).toBeNull();
    expect(countyOfZip("10001", prefixes)).toBeNull();
    expect(countyOfZip("2085", prefixes)).toBeNull();
  });

  it("reads a county's travel zone from the price tables", () => {
    const zones = [
      { label: "no travel fee", fee: 0, counties: ["Howard"] },
      { label: "far counties", fee: 150, counties: ["Garrett"] },
    ];
    expect(travelZoneOf("Garrett", { travelZones: zones })).toEqual(zones[1]);
    expect(travelZoneOf("Kent", { travelZones: zones })).toBeNull();
  });
});
