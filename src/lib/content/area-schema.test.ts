import type { z } from "zod";
import { validateContent } from "./content-schema";
import { areaFrontmatterSchema, marylandFactsSchema } from "./area-schema";

const file = "content/areas/frederick.mdx";
const fact = (fields: Record<string, unknown> = {}) => ({
  topic: "radon",
  text: "EPA places the county in Zone 1.",
  sources: [{ label: "EPA, Map of Radon Zones", url: "https://example.org/zones" }],
  checked: "2026-12-07",
  ...fields,
});
const problems = (data: unknown, schema: z.ZodType = areaFrontmatterSchema) => {
  const result = validateContent(schema, file, data);
  return result.ok ? [] : result.problems;
};

describe("an area page's facts", () => {
  it("are accepted with their sources and checked date, and a county may have none", () => {
    expect(problems({ county: "Frederick", facts: [fact({ radonZone: 1 })] })).toEqual([]);
    expect(problems({ county: "Kent" })).toEqual([]);
  });

  it("are refused without a source or a date, naming the fact", () => {
    expect(problems({ county: "Frederick", facts: [fact({ sources: [] })] })).toEqual([
      `${file}: field "facts[0].sources" must name at least one source: a fact without one is not stated`,
    ]);
    const { checked: _checked, ...undated } = fact();
    expect(problems({ county: "Frederick", facts: [undated] })).toEqual([
      `${file}: field "facts[0].checked" is required`,
    ]);
    expect(problems([{ topic: "wells", text: "About 13%.", sources: [] }], marylandFactsSchema)).toEqual([
      `${file}: field "[0].sources" must name at least one source: a fact without one is not stated`,
      `${file}: field "[0].checked" is required`,
    ]);
  });

  it("give a figure only under its topic, and each figure once", () => {
    expect(problems({ county: "Frederick", facts: [fact({ topic: "rules", radonZone: 1 })] })).toEqual([
      `${file}: field "facts[0].radonZone" is given only with topic radon`,
    ]);
    const wells = fact({ topic: "wells", percentOfHomes: 40 });
    const septic = fact({ topic: "septic", percentOfHomes: 60 });
    expect(problems({ county: "Frederick", facts: [wells, septic] })).toEqual([]);
    expect(
      problems({ county: "Frederick", facts: [wells, septic, fact({ topic: "wells", percentOfHomes: 41 })] }),
    ).toEqual([`${file}: field "facts[2]" is the second fact to give percentOfHomes of wells`]);
  });

  it("never carry a county's figure in the Maryland-wide file", () => {
    expect(problems([fact({ radonZone: 1 })], marylandFactsSchema)).toEqual([
      `${file}: unknown field "radonZone" in "[0]"; check the spelling against the README's content model`,
    ]);
  });
});
