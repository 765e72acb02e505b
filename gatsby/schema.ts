/**
 * The node types, declared so that empty or wrong content fails clearly instead of being inferred
 * (https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/). Content fields come from
 * the content schemas (src/lib/content/content-schema.ts); declared here is only what they cannot say: type names,
 * nested object types' names, and fields that exist only on the node (source-content.ts, gatsby/copy.ts) or
 * that GraphQL gives more than the content holds (a link to another node, a file).
 */
import type { z } from "zod";
import { contentJsonSchema, fieldsOf, type JsonSchema } from "../src/lib/content/content-json-schema";
import { SERVER_ONLY_FIELDS } from "./server-only-fields";
import {
  areaFrontmatterSchema,
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  yamlSchemas,
  type YamlFile,
} from "../src/lib/content/content-schema";

/** A field only the node has, or a content field declared otherwise: its SDL type (with directives). */
type NodeField = string | { type: string; description: string };

export interface NodeType {
  /** What the node holds, as validated: one entry of a file that is a list. */
  content: z.ZodType;
  /** The content as one field of the node, rather than the node's own fields. */
  wrap?: string;
  description?: string;
  /** The GraphQL name of each object in the content, by its path: "address", "tables.sizeBands". */
  objectTypes?: Record<string, string>;
  /** Where GraphQL offers only some fields of an object, by its path. */
  only?: Record<string, string[]>;
  /** Content fields the node does not carry under their own name. */
  omit?: readonly string[];
  nodeFields?: Record<string, NodeField>;
}

/** The element of a schema that is a list: each entry becomes a node. */
function entryOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; element?: z.ZodType };
  return def.type === "array" ? def.element! : schema;
}

const sources = { sources: "SourceLink" };
/** The copy's fields, resolved from gatsby-plugin-mdx's compilation of the page's Mdx node (gatsby/copy.ts). */
export const copyFields: Record<string, NodeField> = {
  html: { type: "String!", description: "The copy rendered to HTML at build time." },
  sections: {
    type: "[CopySection!]!",
    description: "The copy's ## headings, for the page's On this page list (src/build-time/copy-sections.ts).",
  },
  slots: {
    type: "[String!]!",
    description: "The live components the copy places among its paragraphs (src/lib/content/mdx-slots.ts).",
  },
};

/** A section of the copy: made by the build, not written in content, so declared here in SDL. */
const copySectionType = `type CopySection {
"The heading's id; the list links to #id."
id: String!
title: String!
}`;
const page = { slug: "String!", path: "String!" };

/** Each YAML file's node type; a file that is a list gives one node per entry. */
export const yamlNodeTypes = {
  "site.yaml": "SiteInfo",
  "navigation.yaml": "NavLink",
  "footer.yaml": "FooterLinks",
  "faq.yaml": "FaqGroup",
  "water-parameters.yaml": "WaterParameter",
  "water-packages.yaml": "WaterPackage",
  "pricing.yaml": "Pricing",
  "page-sources.yaml": "PageSources",
  "availability.yaml": "Availability",
  "privacy.yaml": "Retention",
  "topics.yaml": "Topic",
  "maryland-facts.yaml": "MarylandFact",
} as const satisfies Record<YamlFile, string>;

type YamlNodeTypeName = (typeof yamlNodeTypes)[YamlFile];
const yamlContent = <F extends YamlFile>(file: F) => entryOf(yamlSchemas[file]);

export const nodeTypes: Record<YamlNodeTypeName | "Service" | "BlogPost" | "Area", NodeType> = {
  SiteInfo: {
    content: yamlContent("site.yaml"),
    objectTypes: { address: "PostalAddress", credentials: "Credential", social: "SocialLinks" },
    // Who may sign in to the desk is the server's business (src/features/desk/server/desk-mail.ts), never a page's.
    omit: SERVER_ONLY_FIELDS["site.yaml"],
  },
  NavLink: { content: yamlContent("navigation.yaml"), nodeFields: { order: "Int!" } },
  FooterLinks: { content: yamlContent("footer.yaml"), objectTypes: { services: "LinkItem", company: "LinkItem" } },
  FaqGroup: {
    content: yamlContent("faq.yaml"),
    objectTypes: { questions: "Question" },
    nodeFields: { order: "Int!" },
  },
  WaterParameter: {
    content: yamlContent("water-parameters.yaml"),
    omit: ["id"],
    nodeFields: { parameterId: "String!", order: "Int!" },
  },
  WaterPackage: {
    content: yamlContent("water-packages.yaml"),
    omit: ["id"],
    nodeFields: {
      packageId: "String!",
      path: "String!",
      parameters: '[WaterParameter!]! @link(by: "parameterId")',
    },
  },
  Pricing: {
    content: yamlContent("pricing.yaml"),
    wrap: "tables",
    description: "The price tables of pricing.yaml, as src/lib/content/content-schema.ts validates them.",
    objectTypes: {
      tables: "PricingTables",
      "tables.mainInspections": "MainInspectionPrices",
      "tables.mainInspections.sizeBands": "SizeBand",
      "tables.mainInspections.overflow": "SizeOverflow",
      "tables.ageAdjustments": "AgeAdjustment",
      "tables.foundations": "FoundationPrice",
      "tables.addOns": "AddOnPrice",
      "tables.travelZones": "TravelZone",
      "tables.countyZipPrefixes": "CountyZipPrefixes",
      "tables.onlinePayment": "OnlinePayment",
    },
  },
  Availability: {
    content: yamlContent("availability.yaml"),
    wrap: "rules",
    description: "When the business works and books (availability.yaml): what the pages show of it.",
    objectTypes: {
      rules: "AvailabilityRules",
      "rules.cancellation": "CancellationRules",
      "rules.cancellation.refund": "RefundRule",
    },
    only: { rules: ["bookingOnline", "cancellation"] },
  },
  PageSources: { content: yamlContent("page-sources.yaml"), objectTypes: sources },
  Retention: {
    content: yamlContent("privacy.yaml"),
    wrap: "periods",
    description: "How long each kind of record is kept (privacy.yaml); the pages read it through src/lib/privacy.",
    objectTypes: { periods: "RetentionPeriods" },
  },
  Topic: {
    content: yamlContent("topics.yaml"),
    omit: ["id"],
    nodeFields: { topicId: "String!", path: "String!", order: "Int!", services: '[Service!]! @link(by: "slug")' },
  },
  MarylandFact: {
    content: yamlContent("maryland-facts.yaml"),
    description: "A fact that holds in every county (maryland-facts.yaml), shown on each area page as Maryland-wide.",
    objectTypes: sources,
    nodeFields: { order: "Int!" },
  },
  Area: {
    content: areaFrontmatterSchema,
    description: "A county's area page (content/areas/<slug>.mdx): its sourced facts and the writer's paragraph.",
    objectTypes: { facts: "Fact", "facts.sources": "SourceLink" },
    nodeFields: { ...page, html: copyFields.html!, contentFilePath: "String!" },
  },
  Service: {
    content: serviceFrontmatterSchema,
    objectTypes: { ...sources, faqs: "Question" },
    nodeFields: {
      ...page,
      ...copyFields,
      contentFilePath: "String!",
    },
  },
  BlogPost: {
    content: postFrontmatterSchema,
    objectTypes: sources,
    nodeFields: {
      ...page,
      image: "File @fileByRelativePath",
      related: '[Service!]! @link(by: "slug")',
      topics: '[Topic!]! @link(by: "topicId")',
      readingMinutes: "Int!",
      ...copyFields,
      contentFilePath: "String!",
    },
  },
};

const quoted = (description: string | undefined) => (description ? `${JSON.stringify(description)}\n` : "");

/** Writes the SDL of one node type, and of the object types in it into `types`, by name. */
class Sdl {
  /** The paths named in objectTypes and only that the content has: any other is a mistake. */
  readonly pathsSeen = new Set<string>();

  constructor(
    private readonly name: string,
    private readonly node: NodeType,
    private readonly types: Map<string, string>,
  ) {}

  nodeType(): string {
    const { name } = this;
    const { content, wrap, description, omit = [], nodeFields = {} } = this.node;
    const json = contentJsonSchema(content, "output");
    const fields = wrap
      ? [`${wrap}: ${this.typeOf(json, wrap)}!`]
      : fieldsOf(json)
          .filter((field) => !omit.includes(field.name) && !(field.name in nodeFields))
          .map((field) => this.field(field.name, field.json, field.required, field.name));
    const own = Object.entries(nodeFields).map(([field, sdl]) =>
      typeof sdl === "string" ? `${field}: ${sdl}` : `${quoted(sdl.description)}${field}: ${sdl.type}`,
    );
    return `${quoted(description)}type ${name} implements Node @dontInfer {\n${[...fields, ...own].join("\n")}\n}`;
  }

  private field(name: string, json: JsonSchema, required: boolean, path: string): string {
    // Every date is YYYY-MM-DD; @dateformat lets a query ask for it as "November 23, 2026".
    const date = json.format === "date" || json.items?.format === "date" ? " @dateformat" : "";
    return `${name}: ${this.typeOf(json, path)}${required ? "!" : ""}${date}`;
  }

  private typeOf(json: JsonSchema, path: string): string {
    if (json.format === "date") return "Date";
    switch (json.type) {
      case "string":
        return "String";
      case "integer":
        return "Int";
      case "number":
        return "Float";
      case "boolean":
        return "Boolean";
      case "array":
        return `[${this.typeOf(json.items ?? {}, path)}!]`;
      case "object":
        return this.objectType(json, path);
      default:
        throw new Error(`gatsby/schema.ts: no GraphQL type for the content field "${path}": ${JSON.stringify(json)}`);
    }
  }

  private objectType(json: JsonSchema, path: string): string {
    this.pathsSeen.add(path);
    const name = this.node.objectTypes?.[path];
    if (!name) throw new Error(`gatsby/schema.ts: name the GraphQL type of the content field "${path}" (objectTypes)`);
    const only = this.node.only?.[path];
    const fields = fieldsOf(json)
      .filter((field) => !only || only.includes(field.name))
      .map((field) => this.field(field.name, field.json, field.required, `${path}.${field.name}`));
    const sdl = `type ${name} {\n${fields.join("\n")}\n}`;
    const earlier = this.types.get(name);
    if (earlier !== undefined && earlier !== sdl) {
      throw new Error(`gatsby/schema.ts: ${name} has different fields where ${this.name} uses it:\n${earlier}\n${sdl}`);
    }
    this.types.set(name, sdl);
    return name;
  }
}

/** The SDL of every node type and the object types in them; a name given two shapes is an error. */
export function contentTypeDefs(types: Record<string, NodeType> = nodeTypes): string {
  const objectTypes = new Map<string, string>();
  const nodes = Object.entries(types).map(([name, node]) => {
    const sdl = new Sdl(name, node, objectTypes);
    const nodeSdl = sdl.nodeType();
    const named = [...Object.keys(node.objectTypes ?? {}), ...Object.keys(node.only ?? {})];
    const unknown = named.filter((path) => !sdl.pathsSeen.has(path));
    if (unknown.length) throw new Error(`gatsby/schema.ts: ${name} has no object at ${unknown.join(", ")}`);
    return nodeSdl;
  });
  return [...objectTypes.values(), ...nodes].join("\n\n");
}

/** An area page's priced service (src/lib/areas/area-services.ts), made by a resolver: declared here in SDL. */
const areaServiceTypes = `type QuoteLineItem {
kind: String!
label: String!
amount: Int!
}

type AreaService {
id: String!
service: String!
label: String!
why: String!
lines: [QuoteLineItem!]!
total: Int!
}`;

export const typeDefs = [copySectionType, areaServiceTypes, contentTypeDefs()].join("\n\n");
