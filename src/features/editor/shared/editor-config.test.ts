/**
 * @jest-environment node
 */
import { z } from "zod";
import {
  areaFrontmatterSchema,
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  siteSchema,
  validateContent,
  yamlSchemas,
  type YamlFile,
} from "../../../lib/content/content-schema";
import { editorConfig, editorFields, FRONT_MATTER_FORMAT, LIST_FIELD, type EditorField } from "./editor-config";

const config = editorConfig();
const collection = (name: string) => config.collections.find((entry) => entry.name === name)!;
const fieldsOf = (name: string) => collection(name).fields as EditorField[];
const business = collection("business") as unknown as {
  files: { name: string; file: string; fields: EditorField[] }[];
};

/** Every field name of a schema, depth first, as paths such as "sources.url"; lists are entered. */
function schemaPaths(schema: z.ZodType, prefix = ""): Array<{ path: string; required: boolean }> {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType };
    if ((def.type === "optional" || def.type === "default") && def.innerType) inner = def.innerType;
    else if (def.type === "array" && def.element) inner = def.element;
    else break;
  }
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    // A field is required when the build refuses a file without it.
    return [{ path, required: !field.safeParse(undefined).success }, ...schemaPaths(field, path)];
  });
}

function editorPaths(fields: readonly EditorField[], prefix = ""): Array<{ path: string; required: boolean }> {
  return fields.flatMap((field) => {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const children = (field.fields as EditorField[] | undefined) ?? [];
    return [{ path, required: field.required !== false }, ...editorPaths(children, path)];
  });
}

const field = (fields: readonly EditorField[], name: string) => fields.find((entry) => entry.name === name)!;

describe("the editor's configuration, made from the content schemas", () => {
  test("lists the posts, the service pages, the area pages, every YAML file a writer edits and the agreement", () => {
    expect(config.collections.map((entry) => entry.name)).toEqual([
      "posts",
      "services",
      "areas",
      "business",
      "agreement",
    ]);
    expect(
      (collection("agreement") as unknown as { files: { file: string }[] }).files.map((file) => file.file),
    ).toEqual(["content/agreement.md"]);
    expect(business.files.map((file) => file.file)).toEqual([
      "content/site.yaml",
      "content/pricing.yaml",
      "content/availability.yaml",
      "content/privacy.yaml",
      "content/water-packages.yaml",
      "content/water-parameters.yaml",
      "content/faq.yaml",
      "content/topics.yaml",
      "content/page-sources.yaml",
      "content/maryland-facts.yaml",
    ]);
  });

  test("a post is content/blog/<slug>/index.mdx with its cover image beside it", () => {
    expect(collection("posts")).toMatchObject({
      folder: "content/blog",
      path: "{{slug}}/index",
      extension: "mdx",
      format: FRONT_MATTER_FORMAT,
      create: true,
      media_folder: "",
      public_folder: "",
    });
    expect(collection("services")).toMatchObject({ folder: "content/services", extension: "mdx", create: true });
    expect(collection("areas")).toMatchObject({ folder: "content/areas", extension: "mdx", create: true });
  });

  test.each([
    ["posts", postFrontmatterSchema],
    ["services", serviceFrontmatterSchema],
    ["areas", areaFrontmatterSchema],
  ] as const)("%s: every front matter field, with the build's required marks, then the body", (name, schema) => {
    const fields = fieldsOf(name);
    expect(editorPaths(fields.slice(0, -1))).toEqual(schemaPaths(schema));
    expect(fields.at(-1)).toMatchObject({ name: "body", widget: "markdown" });
  });

  test.each(Object.keys(yamlSchemas).filter((file) => !["navigation.yaml", "footer.yaml"].includes(file)))(
    "content/%s: every field, with the build's required marks",
    (file) => {
      const fields = business.files.find((entry) => entry.file === `content/${file}`)!.fields;
      const schema = yamlSchemas[file as YamlFile];
      if (schema instanceof z.ZodArray) {
        expect(fields).toHaveLength(1);
        expect(fields[0]).toMatchObject({ name: LIST_FIELD, widget: "list", min: 1 });
        expect(editorPaths(fields[0]!.fields as EditorField[])).toEqual(schemaPaths(schema));
      } else {
        expect(editorPaths(fields)).toEqual(schemaPaths(schema));
      }
    },
  );

  test("the owner names each inspector and chooses their colour in Working hours and booking", () => {
    const availability = business.files.find((entry) => entry.file === "content/availability.yaml")!.fields;
    const inspectors = field(availability, "inspectors");
    expect(inspectors).toMatchObject({ widget: "list", min: 1 });
    const each = inspectors.fields as EditorField[];
    expect(each.map((entry) => entry.name)).toEqual(["number", "name", "colour"]);
    expect(field(each, "name")).toMatchObject({ widget: "string", pattern: ["\\S", "must not be empty"] });
    expect(field(each, "colour")).toMatchObject({
      widget: "string",
      pattern: [expect.any(String), "must be a colour written as #RRGGBB, such as #174f73"],
    });
  });

  test("each kind of value gets its widget, its limits and the build's message", () => {
    const post = fieldsOf("posts");
    expect(field(post, "title")).toEqual({
      label: "Title",
      name: "title",
      widget: "string",
      pattern: ["\\S", "must not be empty"],
    });
    expect(field(post, "date")).toMatchObject({ widget: "datetime", format: "YYYY-MM-DD", time_format: false });
    expect(field(post, "date").required).toBeUndefined();
    expect(field(post, "lastReviewed")).toMatchObject({ widget: "datetime", required: false });
    expect(field(post, "image")).toMatchObject({ label: "Cover image", widget: "image", required: false });
    expect(field(post, "draft")).toMatchObject({ widget: "boolean", required: false, default: false });
    expect(field(post, "description")).toMatchObject({
      widget: "text",
      pattern: ["^(?=[\\s\\S]*\\S)[\\s\\S]{0,200}$", "must be at most 200 characters"],
    });
    expect(field(post, "related")).toMatchObject({
      widget: "list",
      required: false,
      field: { widget: "string", pattern: [expect.any(String), expect.stringMatching(/^must be lowercase words/)] },
    });
    expect(field(post, "topics")).toMatchObject({
      widget: "list",
      required: false,
      hint: expect.stringContaining("Blog topics"),
      field: { widget: "string", pattern: [expect.any(String), expect.stringMatching(/^must be lowercase words/)] },
    });
    expect(field(post, "sources")).toMatchObject({ widget: "list", fields: [{ name: "label" }, { name: "url" }] });
    const topics = business.files.find((file) => file.name === "topics")!.fields;
    expect(topics).toMatchObject([
      { name: "entries", label: "Topics", widget: "list", min: 1, summary: "{{fields.name}}" },
    ]);
    expect(topics[0]!.fields).toMatchObject([
      { name: "id" },
      { name: "name" },
      { name: "description", widget: "text" },
      { name: "services", required: false },
    ]);

    const service = fieldsOf("services");
    expect(field(service, "icon")).toMatchObject({ widget: "select", options: expect.arrayContaining(["radon"]) });
    expect(field(service, "faqs")).toMatchObject({ widget: "list", max: 6, required: false });

    const site = business.files.find((file) => file.name === "site")!.fields;
    expect(field(site, "phone")).toMatchObject({
      hint: expect.stringContaining("(410) 555-0142"),
      pattern: ["^\\(\\d{3}\\) \\d{3}-\\d{4}$", "must be a US number written as (410) 555-0142"],
    });
    expect(field(site, "copyrightYear")).toMatchObject({ widget: "number", value_type: "int", min: 2000, max: 2100 });
    expect(field(site, "yearsInBusiness")).toMatchObject({ widget: "number", value_type: "int", min: 1 });
    expect(field(site, "social")).toMatchObject({ widget: "object" });
    expect(field(site, "deskPeople")).toMatchObject({
      label: "Desk people",
      widget: "list",
      required: false,
      hint: expect.stringContaining("sign in to the owner's desk"),
    });

    const packages = business.files.find((file) => file.name === "water-packages")!.fields[0]!.fields as EditorField[];
    expect(field(packages, "price")).toMatchObject({ widget: "number", value_type: "int", min: 0 });
  });

  test("what the editor's pattern refuses, the build refuses with the same message", () => {
    const phone = field(business.files.find((file) => file.name === "site")!.fields, "phone");
    const [pattern, message] = phone.pattern!;
    for (const value of ["(410) 555-0142", "410-555-0142", "call us"]) {
      const editorAccepts = new RegExp(pattern).test(value);
      const result = validateContent(siteSchema.shape.phone, "site.yaml", value);
      expect(result.ok).toBe(editorAccepts);
      if (!result.ok) expect(result.problems[0]).toContain(message);
    }
  });

  test("a field added to a schema shows up in the editor, required or not", () => {
    const extended = postFrontmatterSchema.extend({
      subtitle: z.string().trim().min(1).meta({ description: "Under the title" }),
      readingLevel: z.number().int().min(1).max(12).optional(),
    });
    const fields = editorFields(extended);
    expect(field(fields, "subtitle")).toMatchObject({ label: "Subtitle", widget: "string", hint: "Under the title" });
    expect(field(fields, "subtitle").required).toBeUndefined();
    expect(field(fields, "readingLevel")).toMatchObject({
      label: "Reading level",
      widget: "number",
      min: 1,
      max: 12,
      required: false,
    });
  });

  test("every change is a pull request; the backend is left to /admin's start (sign-in-settings.ts)", () => {
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(config).not.toHaveProperty("backend");
    expect(config.load_config_file).toBe(false);
  });
});
