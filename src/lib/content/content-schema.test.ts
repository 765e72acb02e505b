/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readRawContentFile } from "../../build-time/content-files";
import { availabilitySchema, holidayIds } from "./availability-schema";
import {
  lawPages,
  pageSourcesSchema,
  pricingSchema,
  postFrontmatterSchema,
  siteSchema,
  serviceFrontmatterSchema,
  topicsSchema,
  validateContent,
  waterPackagesSchema,
  yamlSchemas,
  type YamlFile,
} from "./content-schema";
import { readFrontMatter } from "./front-matter";

const contentDir = path.join(__dirname, "..", "..", "..", "content");

function mdxFiles(folder: string): string[] {
  return readdirSync(path.join(contentDir, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => path.join(folder, file));
}

describe("every content file passes its schema", () => {
  test.each(Object.keys(yamlSchemas))("content/%s", (file) => {
    const data = readRawContentFile(file as YamlFile, contentDir);
    expect(validateContent(yamlSchemas[file as YamlFile], file, data)).toMatchObject({ ok: true });
  });

  test.each(mdxFiles("services"))("content/%s", (file) => {
    const { data } = readFrontMatter(readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateContent(serviceFrontmatterSchema, file, data)).toMatchObject({ ok: true });
  });

  test.each(mdxFiles("blog"))("content/%s", (file) => {
    const { data } = readFrontMatter(readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateContent(postFrontmatterSchema, file, data)).toMatchObject({ ok: true });
  });
});

describe("content problems name the file and the field", () => {
  const pack = {
    id: "basic",
    name: "Basic",
    summary: "Bacteria and nitrate.",
    price: 150,
    turnaround: "4 days",
    sampling: "From a cold tap.",
    laboratoryTerms: "The laboratory's bottles.",
    suits: "Buyers.",
    order: 1,
    parameters: ["nitrate"],
  };

  it("reports a missing field as required", () => {
    const { price: _price, ...withoutPrice } = pack;
    expect(validateContent(waterPackagesSchema, "content/water-packages.yaml", [pack, withoutPrice])).toEqual({
      ok: false,
      problems: ['content/water-packages.yaml: field "[1].price" is required'],
    });
  });

  it("reports a wrong type, an unknown field and a bad value together", () => {
    const result = validateContent(waterPackagesSchema, "content/water-packages.yaml", [
      { ...pack, price: "150 dollars", colour: "blue", id: "Basic Package" },
    ]);
    expect(result).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        'content/water-packages.yaml: field "[0].price" must be a number',
        'content/water-packages.yaml: unknown field "colour" in "[0]"; check the spelling against the README\'s content model',
        'content/water-packages.yaml: field "[0].id" must be lowercase words joined by hyphens, e.g. radon-testing',
      ]),
    });
  });

  it("reports an inspector without a name, with a colour not written as #RRGGBB or too pale to see, or listed twice", () => {
    const availability = readRawContentFile("availability.yaml", contentDir) as Record<string, unknown>;
    const withInspectors = (inspectors: unknown[]) =>
      validateContent(availabilitySchema, "content/availability.yaml", { ...availability, inspectors });
    const dana = { number: 1, name: "Dana Whitfield", colour: "#174f73" };
    expect(
      withInspectors([
        dana,
        { number: 2, name: " ", colour: "blue" },
        { number: 3, name: "Sam Pale", colour: "#e0a93b" },
      ]),
    ).toEqual({
      ok: false,
      problems: [
        'content/availability.yaml: field "inspectors[1].name" must not be empty',
        'content/availability.yaml: field "inspectors[1].colour" must be a colour written as #RRGGBB, such as #174f73',
        'content/availability.yaml: field "inspectors[2].colour" must stand out on white by 3:1 or more (it is 2.1:1): choose a darker colour',
      ],
    });
    expect(withInspectors([dana, { ...dana, colour: "#b45309" }])).toEqual({
      ok: false,
      problems: [
        'content/availability.yaml: field "inspectors[1].number" is listed twice',
        'content/availability.yaml: field "inspectors[1].name" is listed twice',
      ],
    });
    expect(withInspectors([])).toEqual({
      ok: false,
      problems: ['content/availability.yaml: field "inspectors" must list at least one inspector'],
    });
    expect(withInspectors([{ ...dana, number: 7 }])).toMatchObject({ ok: true });
  });

  it("reports a closed holiday that is misspelt or listed twice", () => {
    const availability = readRawContentFile("availability.yaml", contentDir) as Record<string, unknown>;
    const withHolidays = (closedHolidays: string[]) =>
      validateContent(availabilitySchema, "content/availability.yaml", { ...availability, closedHolidays });
    expect(withHolidays(["new-years-day", "thanksgiving-day"])).toEqual({
      ok: false,
      problems: [
        `content/availability.yaml: field "closedHolidays[1]" must be one of ${holidayIds.map((id) => `"${id}"`).join(", ")}`,
      ],
    });
    expect(withHolidays(["new-years-day", "christmas", "new-years-day"])).toEqual({
      ok: false,
      problems: ['content/availability.yaml: field "closedHolidays[2]" is listed twice'],
    });
    expect(withHolidays([])).toMatchObject({ ok: true, value: { closedHolidays: [] } });
    const { closedHolidays: _closedHolidays, ...withoutHolidays } = availability;
    expect(validateContent(availabilitySchema, "content/availability.yaml", withoutHolidays)).toEqual({
      ok: false,
      problems: ['content/availability.yaml: field "closedHolidays" is required'],
    });
  });

  it("reports what is asked online and the refund rule when they are wrong, naming the file and field", () => {
    const pricing = readRawContentFile("pricing.yaml", contentDir) as Record<string, unknown>;
    expect(
      validateContent(pricingSchema, "content/pricing.yaml", { ...pricing, onlinePayment: { ask: "deposit" } }),
    ).toEqual({
      ok: false,
      problems: [
        'content/pricing.yaml: field "onlinePayment.depositDollars" must be a number of dollars above 0 when ask is deposit',
      ],
    });
    expect(
      validateContent(pricingSchema, "content/pricing.yaml", { ...pricing, onlinePayment: { ask: "half" } }),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('content/pricing.yaml: field "onlinePayment.ask"')],
    });
    const availability = readRawContentFile("availability.yaml", contentDir) as {
      cancellation: Record<string, unknown>;
    };
    const refund = { fullRefundHours: 72, lateRefundPercent: 150, reachesYouIn: "5 to 10 business days" };
    expect(
      validateContent(availabilitySchema, "content/availability.yaml", {
        ...availability,
        cancellation: { ...availability.cancellation, refund },
      }),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('content/availability.yaml: field "cancellation.refund.lateRefundPercent"')],
    });
  });

  it("reports a desk person's address that is not an e-mail address, and takes a site without the list", () => {
    const site = readRawContentFile("site.yaml", contentDir) as Record<string, unknown>;
    expect(
      validateContent(siteSchema, "content/site.yaml", { ...site, deskPeople: ["frontdesk@example.com", "Pat"] }),
    ).toEqual({
      ok: false,
      problems: ['content/site.yaml: field "deskPeople[1]" must be an e-mail address'],
    });
    const { deskPeople: _deskPeople, ...withoutList } = site;
    expect(validateContent(siteSchema, "content/site.yaml", withoutList)).toMatchObject({ ok: true });
  });

  it("reports a front matter date that is not a date", () => {
    const result = validateContent(postFrontmatterSchema, "content/blog/x/index.mdx", {
      title: "T",
      description: "D",
      date: "mid April",
      author: "A",
    });
    expect(result).toEqual({
      ok: false,
      problems: ['content/blog/x/index.mdx: field "date" must be a date written as YYYY-MM-DD'],
    });
  });

  it("keeps a date written YYYY-MM-DD, as YAML 1.2 reads it, and names a date that is missing", () => {
    const base = { title: "T", description: "D", author: "A" };
    expect(validateContent(postFrontmatterSchema, "f", { ...base, date: "2025-03-04" })).toMatchObject({
      ok: true,
      value: { date: "2025-03-04", draft: false, related: [], topics: [] },
    });
    expect(validateContent(postFrontmatterSchema, "f", base)).toEqual({
      ok: false,
      problems: ['f: field "date" is required'],
    });
  });
});

describe("facts a page relies on", () => {
  const post = { title: "T", description: "D", author: "A", date: "2025-02-11" };

  it("shows an update only when it comes after the post's date", () => {
    expect(validateContent(postFrontmatterSchema, "f", { ...post, updated: "2026-11-23" })).toMatchObject({
      ok: true,
      value: { date: "2025-02-11", updated: "2026-11-23" },
    });
    expect(validateContent(postFrontmatterSchema, "f", { ...post, updated: "2025-02-11" })).toEqual({
      ok: false,
      problems: ['f: field "updated" must be a date after the post\'s date'],
    });
  });

  it("needs a review date and a source for every page that states the law without a content file", () => {
    const entry = (page: string) => ({
      page,
      lastReviewed: "2026-11-23",
      sources: [{ label: "COMAR 09.36", url: "https://www.dsd.state.md.us/comar/" }],
    });
    const all = lawPages.map(entry);
    expect(validateContent(pageSourcesSchema, "p", all)).toMatchObject({ ok: true });
    expect(validateContent(pageSourcesSchema, "p", all.slice(1))).toEqual({
      ok: false,
      problems: [`p: field "(the whole file)" must have an entry for each of ${lawPages.join(", ")}`],
    });
    expect(validateContent(pageSourcesSchema, "p", [{ ...all[0], sources: [] }, ...all.slice(1)])).toEqual({
      ok: false,
      problems: ['p: field "[0].sources" must list at least one source'],
    });
    expect(validateContent(pageSourcesSchema, "p", [{ ...all[0], lastReviewed: undefined }, ...all.slice(1)])).toEqual({
      ok: false,
      problems: ['p: field "[0].lastReviewed" is required'],
    });
  });

  it("lists the business's credentials as data, each with who issued it", () => {
    const site = readRawContentFile("site.yaml", contentDir) as Record<string, unknown>;
    const result = validateContent(siteSchema, "site.yaml", site);
    expect(result.ok && result.value.credentials.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        "home-inspector-license",
        "lead-paint-accreditation",
        "septic-property-transfer-license",
      ]),
    );
    expect(validateContent(siteSchema, "site.yaml", { ...site, credentials: [{ id: "x", name: "Licensed" }] })).toEqual(
      {
        ok: false,
        problems: ['site.yaml: field "credentials[0].issuer" is required'],
      },
    );
  });

  it("names only services that exist when it ties a credential to a service", () => {
    const site = siteSchema.parse(readRawContentFile("site.yaml", contentDir));
    const services = mdxFiles("services").map((file) => path.basename(file, ".mdx"));
    for (const credential of site.credentials) expect(services).toEqual(expect.arrayContaining(credential.services));
  });
});

describe("topics", () => {
  const topic = { id: "mold", name: "Mold", description: "About mold." };

  it("gives a topic no services unless it names some", () => {
    expect(validateContent(topicsSchema, "content/topics.yaml", [topic])).toEqual({
      ok: true,
      value: [{ ...topic, services: [] }],
    });
  });

  it("refuses a topic listed twice, an id that is no slug and an empty list, naming the field", () => {
    expect(validateContent(topicsSchema, "content/topics.yaml", [topic, { ...topic, name: "Again" }])).toEqual({
      ok: false,
      problems: ['content/topics.yaml: field "[1].id" is listed twice'],
    });
    expect(validateContent(topicsSchema, "content/topics.yaml", [{ ...topic, id: "Mold Law" }])).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('field "[0].id" must be lowercase words')],
    });
    expect(validateContent(topicsSchema, "content/topics.yaml", [])).toMatchObject({
      ok: false,
      problems: [expect.stringContaining("must list at least one topic")],
    });
  });

  it("lets a post name its topics by id", () => {
    const post = { title: "T", description: "D", author: "A", date: "2025-02-11", topics: ["mold", "maryland-law"] };
    expect(validateContent(postFrontmatterSchema, "f", post)).toMatchObject({
      ok: true,
      value: { topics: ["mold", "maryland-law"] },
    });
    expect(validateContent(postFrontmatterSchema, "f", { ...post, topics: "mold" })).toMatchObject({ ok: false });
  });
});
