/**
 * The content editor's configuration (Decap CMS at /admin), made from the content schemas so
 * the editor and the build cannot disagree: every field, whether it is required, its pattern,
 * limits and choices come from src/lib/content/content-schema.ts through zod's JSON Schema; labels and
 * hints come from the schemas' `.meta()`. What Decap cannot express (a cover image needing its
 * description, a related service that must exist) the build still checks, and the hint says.
 */
import type { z } from "zod";
import { contentJsonSchema, fieldsOf, upperLimit, type JsonSchema } from "../../../lib/content/content-json-schema";
import { AGREEMENT_PLACEHOLDERS } from "../../agreement/shared";
import {
  agreementFrontmatterSchema,
  areaFrontmatterSchema,
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  yamlSchemas,
  type YamlFile,
} from "../../../lib/content/content-schema";
import { patterns } from "../../../lib/content/content-fields";

export interface EditorField {
  label: string;
  name: string;
  widget: string;
  required?: false;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  [option: string]: unknown;
}

/** Files whose whole content is a list; the editor sees it under this one field (see admin-init.mjs). */
export const LIST_FIELD = "entries";

/** The message the build gives for each pattern, by the pattern's source. */
const patternMessages = new Map<string, string>(
  Object.values(patterns).map((rule) => [rule.regex.source, rule.message]),
);

/** "yearsInBusiness" becomes "Years in business". */
export function labelFor(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A pattern for a text field, with the build's own message, or none. */
function textPattern(json: JsonSchema): [string, string] | undefined {
  if (json.format === "uri") return ["^https://\\S+$", "must be a full https:// address"];
  if (json.format === "email") return [json.pattern!, "must be an e-mail address"];
  if (json.pattern) return [json.pattern, patternMessages.get(json.pattern) ?? `must match ${json.pattern}`];
  if (json.maxLength !== undefined) {
    return [`^(?=[\\s\\S]*\\S)[\\s\\S]{0,${json.maxLength}}$`, `must be at most ${json.maxLength} characters`];
  }
  if (json.minLength) return ["\\S", "must not be empty"];
  return undefined;
}

/** A field's widget and that widget's options. */
type WidgetOptions = { widget: string; [option: string]: unknown };

function widgetOptions(json: JsonSchema): WidgetOptions {
  if (json.format === "date") {
    return {
      widget: "datetime",
      format: "YYYY-MM-DD",
      date_format: "YYYY-MM-DD",
      time_format: false,
      picker_utc: true,
    };
  }
  if (json.enum) return { widget: "select", options: json.enum };
  switch (json.type) {
    case "string": {
      if (json.widget === "image") return { widget: "image", choose_url: false };
      const pattern = textPattern(json);
      return { widget: json.widget ?? "string", ...(pattern ? { pattern } : {}) };
    }
    case "integer":
    case "number": {
      const min = json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : json.minimum;
      const max = upperLimit(json);
      return {
        widget: "number",
        value_type: json.type === "integer" ? "int" : "float",
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
    case "boolean":
      return { widget: "boolean" };
    case "object":
      return { widget: "object", collapsed: false, fields: editorFieldsOf(json) };
    case "array": {
      const items = json.items ?? {};
      const limits = {
        ...(json.minItems !== undefined ? { min: json.minItems } : {}),
        ...(json.maxItems !== undefined ? { max: json.maxItems } : {}),
      };
      if (items.type === "object") {
        // A folded entry is shown by its name (a package's name, a question...), not its first field.
        const named = ["name", "label", "group", "question", "text"].find((key) => key in (items.properties ?? {}));
        return {
          widget: "list",
          collapsed: true,
          ...(named ? { summary: `{{fields.${named}}}` } : {}),
          ...limits,
          fields: editorFieldsOf(items),
        };
      }
      // A list of single values: each one is checked as a field of its own.
      return { widget: "list", ...limits, field: { label: "Value", name: "value", ...widgetOptions(items) } };
    }
    default:
      throw new Error(`The editor has no widget for a field of type ${JSON.stringify(json)}`);
  }
}

function editorField(name: string, json: JsonSchema, required: boolean): EditorField {
  const field: EditorField = { label: json.title ?? labelFor(name), name, ...widgetOptions(json) };
  if (!required) field.required = false;
  if (json.description) field.hint = json.description;
  const emptyList = Array.isArray(json.default) && json.default.length === 0;
  if (json.default !== undefined && !emptyList) field.default = json.default;
  return field;
}

function editorFieldsOf(json: JsonSchema): EditorField[] {
  return fieldsOf(json).map((field) => editorField(field.name, field.json, field.required));
}

/** The editor's fields for a schema; a list at the top becomes one list field named LIST_FIELD. */
export function editorFields(schema: z.ZodType, listLabel = "Entries"): EditorField[] {
  const json = contentJsonSchema(schema);
  if (json.type === "array") return [{ ...editorField(LIST_FIELD, json, true), label: listLabel }];
  return editorFieldsOf(json);
}

const body = (hint: string): EditorField => ({ label: "Body", name: "body", widget: "markdown", hint });
const copyHint =
  "Markdown: `## ` starts a heading, `[words](/services/radon)` makes a link. A `<` that is not a tag stops the build.";

/** Each YAML file in the editor: its label and, for a file that is a list, what one entry is. */
const yamlFiles: Array<{ file: YamlFile; name: string; label: string; listLabel?: string }> = [
  { file: "site.yaml", name: "site", label: "Business facts" },
  { file: "pricing.yaml", name: "pricing", label: "Prices" },
  { file: "availability.yaml", name: "availability", label: "Working hours and booking" },
  { file: "privacy.yaml", name: "privacy", label: "How long records are kept" },
  { file: "water-packages.yaml", name: "water-packages", label: "Water testing packages", listLabel: "Packages" },
  {
    file: "water-parameters.yaml",
    name: "water-parameters",
    label: "Water test parameters",
    listLabel: "Parameters",
  },
  { file: "faq.yaml", name: "faq", label: "Frequently asked questions", listLabel: "Groups" },
  { file: "topics.yaml", name: "topics", label: "Blog topics", listLabel: "Topics" },
  {
    file: "page-sources.yaml",
    name: "page-sources",
    label: "Sources of the About, FAQ, water package and privacy pages",
    listLabel: "Pages",
  },
  {
    file: "maryland-facts.yaml",
    name: "maryland-facts",
    label: "Facts across Maryland, on every area page",
    listLabel: "Facts",
  },
];

/**
 * The formats the YAML files and the Markdown files are read and written in (registered by
 * admin-init.mjs, from src/features/editor/admin/kept-yaml.mjs): a save changes only the values the writer changed.
 */
export const YAML_FORMAT = "site-yaml";
export const FRONT_MATTER_FORMAT = "site-frontmatter";

export interface EditorOptions {
  /** The content folder, relative to the repository. */
  contentDir?: string;
}

/**
 * The whole Decap configuration but its backend, passed to `CMS.init({ config })`. The backend
 * is chosen when /admin opens (admin-init.mjs asks /api/editor/config, made by
 * src/features/editor/server/sign-in-settings.ts): GitHub, signing in through the site's own
 * function, or the local backend (decap-server) on a writer's machine.
 */
export function editorConfig({ contentDir = "content" }: EditorOptions = {}) {
  return {
    load_config_file: false,
    // Every change is a pull request with a deploy preview (locally: saved into the working copy).
    publish_mode: "editorial_workflow",
    // Uploads belong to posts (beside each post); this is only Decap's required default.
    media_folder: "static/uploads",
    public_folder: "/uploads",
    slug: { encoding: "ascii", clean_accents: true },
    collections: [
      {
        name: "posts",
        label: "Blog posts",
        label_singular: "Post",
        description: "One folder per post: content/blog/<name>/index.mdx, its address /blog/<name>.",
        folder: `${contentDir}/blog`,
        path: "{{slug}}/index",
        extension: "mdx",
        format: FRONT_MATTER_FORMAT,
        create: true,
        slug: "{{slug}}",
        // The cover image is saved beside index.mdx and named relative to it.
        media_folder: "",
        public_folder: "",
        summary: "{{title}} ({{date}})",
        sortable_fields: ["date", "title"],
        fields: [...editorFields(postFrontmatterSchema), body(copyHint)],
      },
      {
        name: "services",
        label: "Service pages",
        label_singular: "Service page",
        description: "One file per service: content/services/<name>.mdx, its address /services/<name>.",
        folder: `${contentDir}/services`,
        extension: "mdx",
        format: FRONT_MATTER_FORMAT,
        create: true,
        slug: "{{slug}}",
        summary: "{{title}}",
        sortable_fields: ["order", "title"],
        fields: [
          ...editorFields(serviceFrontmatterSchema),
          body(`${copyHint} <PackageComparison /> on a line of its own places the water package table.`),
        ],
      },
      {
        name: "areas",
        label: "Area pages",
        label_singular: "Area page",
        description:
          "One file per county we serve (travel zones in Prices): content/areas/<name>.mdx, its address /areas/<name>. Every fact names its sources and the day it was checked; the body is the county's paragraph, written from those facts.",
        folder: `${contentDir}/areas`,
        extension: "mdx",
        format: FRONT_MATTER_FORMAT,
        create: true,
        slug: "{{slug}}",
        identifier_field: "county",
        summary: "{{county}}",
        sortable_fields: ["county"],
        fields: [
          ...editorFields(areaFrontmatterSchema),
          body(
            "The county's paragraph: a few sentences written from the facts above, and claiming nothing they do not say.",
          ),
        ],
      },
      {
        name: "business",
        label: "Business, prices and FAQ",
        format: YAML_FORMAT,
        files: yamlFiles.map(({ file, name, label, listLabel }) => ({
          name,
          label,
          file: `${contentDir}/${file}`,
          fields: editorFields(yamlSchemas[file], listLabel),
        })),
      },
      {
        name: "agreement",
        label: "Inspection agreement",
        description:
          "The agreement clients sign online before the visit. Its version changes with every edit; a client who signed an earlier version keeps that one.",
        format: FRONT_MATTER_FORMAT,
        files: [
          {
            name: "agreement",
            label: "The agreement clients sign",
            file: `${contentDir}/agreement.md`,
            fields: [
              ...editorFields(agreementFrontmatterSchema),
              body(
                `\`## \` starts a heading, \`- \` a list item. Filled in for each booking: ${Object.keys(
                  AGREEMENT_PLACEHOLDERS,
                )
                  .map((name) => `{{${name}}}`)
                  .join(", ")}.`,
              ),
            ],
          },
        ],
      },
    ],
  };
}

export type EditorConfig = ReturnType<typeof editorConfig>;
