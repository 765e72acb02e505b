import { areaDescription, factsByTopic, uniqueSources } from "./area-facts";

const source = (name: string) => ({ label: name, url: `https://example.org/${name}` });
const checked = "2026-12-07";
const area = {
  name: "Montgomery County",
  facts: [
    { topic: "rules", text: "A radon test before a sale.", sources: [source("bill")], checked },
    { topic: "radon", text: "EPA places the county in Zone 1.", sources: [source("zones")], checked },
    { topic: "homes", text: "The median home was built in 1974.", sources: [source("census")], checked },
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
  it("groups the facts under their topics, in a buyer's order, rules last, each with its sources and date", () => {
    const sections = factsByTopic(area);
    expect(sections.map((section) => section.title)).toEqual(["Radon", "Sewer lines", "The homes", "Local rules"]);
    expect(sections[0]!.facts).toEqual([
      { text: "EPA places the county in Zone 1.", sources: [source("zones")], checked },
      { text: "Central Montgomery can have high radon.", sources: [source("survey"), source("zones")], checked },
    ]);
  });

  it("says nothing of a topic the file gives nothing on", () => {
    expect(factsByTopic({ name: "Kent County", facts: [] })).toEqual([]);
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
