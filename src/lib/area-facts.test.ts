import { areaDescription, factsByTopic, ownFactCount, uniqueSources } from "./area-facts";

const source = (name: string) => ({ label: name, url: `https://example.org/${name}` });
const checked = "2026-12-07";
const area = {
  name: "Montgomery County",
  radonZone: { zone: 1, sources: [source("zones")], checked },
  privateWells: null,
  septicSystems: null,
  medianYearBuilt: { year: 1974, sources: [source("census")], checked },
  facts: [
    { topic: "rules", text: "A radon test before a sale.", sources: [source("bill")], checked },
    {
      topic: "radon",
      text: "Central Montgomery can have high radon.",
      sources: [source("survey"), source("zones")],
      checked,
    },
    { topic: "sewer", text: "The owner keeps the service line.", sources: [source("wssc")], checked },
  ],
};

describe("what an area page says of its county", () => {
  it("puts the file's figures in words, with their sources, under their topics, rules last", () => {
    const sections = factsByTopic(area);
    expect(sections.map((section) => section.title)).toEqual(["Radon", "Sewer lines", "The homes", "Local rules"]);
    expect(sections[0]!.facts.map((fact) => fact.text)).toEqual([
      "EPA's map of radon zones places Montgomery County in Zone 1, the highest radon potential of its three zones.",
      "Central Montgomery can have high radon.",
    ]);
    expect(sections[2]!.facts).toEqual([
      { text: "The median home in Montgomery County was built in 1974.", sources: [source("census")], checked },
    ]);
  });

  it("says nothing of a topic the file gives nothing on", () => {
    const bare = { name: "Kent County", facts: [] };
    expect(factsByTopic(bare)).toEqual([]);
    expect(ownFactCount(bare)).toBe(0);
    expect(ownFactCount(area)).toBe(5);
  });

  it("lists each source once, in the order the page cites them, the Maryland-wide ones last", () => {
    const statewide = [{ text: "Across Maryland.", sources: [source("mde"), source("bill")], checked }];
    expect(uniqueSources(area, statewide).map((cited) => cited.label)).toEqual([
      "zones",
      "survey",
      "wssc",
      "census",
      "bill",
      "mde",
    ]);
  });

  it("describes the page by what it holds", () => {
    expect(areaDescription(area)).toBe(
      "Home and property inspections in Montgomery County, Maryland: the travel fee, our prices there, and sourced facts on radon, sewer lines, the homes and local rules.",
    );
    expect(areaDescription({ name: "Kent County", facts: [] })).toBe(
      "Home and property inspections in Kent County, Maryland: the travel fee and our prices there.",
    );
  });
});
