import { readFileSync } from "node:fs";
import path from "node:path";
import { agreementFrontmatterSchema } from "../../../lib/content/content-schema";
import { readFrontMatter } from "../../../lib/content/front-matter";
import {
  AGREEMENT_PLACEHOLDERS,
  agreementBlocks,
  fillAgreement,
  unknownPlaceholders,
  type AgreementValues,
} from "./agreement-text";

const file = readFrontMatter(
  readFileSync(path.join(__dirname, "..", "..", "..", "..", "content", "agreement.md"), "utf8"),
);
const values = Object.fromEntries(
  Object.keys(AGREEMENT_PLACEHOLDERS).map((name) => [name, `<${name}>`]),
) as AgreementValues;

describe("the inspection agreement as content", () => {
  test("the default file's front matter is valid and it uses only placeholders the site fills in", () => {
    const body = file.body;
    expect(agreementFrontmatterSchema.safeParse(file.data).success).toBe(true);
    expect(unknownPlaceholders(body)).toEqual([]);
    const filled = fillAgreement(body, values);
    expect(filled).not.toMatch(/\{\{/);
    for (const name of ["client", "property", "services", "fee", "standard", "reportDays"]) {
      expect(filled).toContain(`<${name}>`);
    }
  });

  test("the default text states no limit of liability: that is for the owner's attorney to add", () => {
    expect(file.body).not.toMatch(/liab/i);
  });

  test("names a placeholder it does not know, and leaves it unfilled", () => {
    expect(unknownPlaceholders("Dear {{client}}, {{ price }} and {{fee}}")).toEqual(["price"]);
    expect(fillAgreement("{{client}} pays {{price}}", values)).toBe("<client> pays {{price}}");
  });

  test("reads headings, list items and paragraphs, joining a paragraph's lines", () => {
    expect(agreementBlocks("# Title\n\n## 1. One\n\nA first\nline.\n\n- a\n- b\n  more\n\nEnd.")).toEqual([
      { kind: "heading", text: "Title" },
      { kind: "heading", text: "1. One" },
      { kind: "paragraph", text: "A first line." },
      { kind: "item", text: "a" },
      { kind: "item", text: "b more" },
      { kind: "paragraph", text: "End." },
    ]);
  });
});
