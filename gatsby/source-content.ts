/**
 * Sourcing: every content file is validated while it is sourced (a bad field stops the build
 * with the file and field named) and turned into typed nodes: a YAML file from its File node, a
 * service page, a post or the agreement from the Mdx node gatsby-plugin-mdx makes of its file.
 */
import type { GatsbyNode, Node } from "gatsby";
import path from "node:path";
import { AGREEMENT_PLACEHOLDERS, unknownPlaceholders } from "../src/features/agreement/shared/agreement-text";
import {
  agreementFrontmatterSchema,
  areaFrontmatterSchema,
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  validateContent,
  yamlSchemas,
  type YamlFile,
} from "../src/lib/content/content-schema";
import { readRawContentFile } from "../src/build-time/content-files";
import { readFrontMatter, type FrontMatterFile } from "../src/lib/content/front-matter";
import { areaPath, postPath, servicePath, slugFromFilePath, topicPath, waterPackagePath } from "../src/lib/paths";
import { readingMinutes } from "../src/lib/text/reading-time";
import type { ContentProblems } from "./content-problems";
import { nodeTypes, yamlNodeTypes } from "./schema";
import { SERVER_ONLY_FIELDS } from "./server-only-fields";
import { contentLabel, contentRoot } from "./site-root";

export interface SourcingOptions {
  problems: ContentProblems;
  /** A production build leaves drafts out; `gatsby develop` shows them. */
  production: boolean;
}

export function sourceContent(options: SourcingOptions): GatsbyNode["onCreateNode"] {
  return async (args) => {
    const { node } = args;
    if (node.internal.type === "File" && node.sourceInstanceName === "content" && node.extension === "yaml") {
      await sourceYamlFile(options, args);
    } else if (node.internal.type === "Mdx") {
      const file = node.parent ? args.getNode(node.parent) : undefined;
      if (file?.sourceInstanceName === "content") await sourceMdxFile(options, args, file);
    }
  };
}

/** Shapes one validated YAML entry into the fields of its node type (gatsby/schema.ts declares them). */
function yamlNodeFields(file: YamlFile, whole: Record<string, unknown>, index: number): Record<string, unknown> {
  // What only the server reads (server-only-fields.ts) is no node's.
  const entry = Object.fromEntries(
    Object.entries(whole).filter(([field]) => !SERVER_ONLY_FIELDS[file]?.includes(field)),
  );
  const { wrap } = nodeTypes[yamlNodeTypes[file]];
  if (wrap) return { [wrap]: entry };
  switch (file) {
    case "navigation.yaml":
    case "faq.yaml":
    case "maryland-facts.yaml":
      return { ...entry, order: index };
    case "water-parameters.yaml": {
      const { id, ...rest } = entry;
      return { ...rest, parameterId: id, order: index };
    }
    case "water-packages.yaml": {
      const { id, ...rest } = entry;
      return { ...rest, packageId: id, path: waterPackagePath(String(id)) };
    }
    case "topics.yaml": {
      const { id, ...rest } = entry;
      return { ...rest, topicId: id, path: topicPath(String(id)), order: index };
    }
    default:
      return entry;
  }
}

type NodeArgs = Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0];

/** Adds a node of `type` made from a content file's node, as its child. */
function createChildNode(
  { node, actions, createNodeId, createContentDigest }: NodeArgs,
  type: string,
  seed: string,
  fields: Record<string, unknown>,
): void {
  const child = {
    ...fields,
    id: createNodeId(`${node.id}${seed} >>> ${type}`),
    parent: node.id,
    children: [],
    internal: { type, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
}

async function sourceYamlFile({ problems }: SourcingOptions, args: NodeArgs): Promise<void> {
  const { node, reporter } = args;
  const absolutePath = node.absolutePath as string;
  const label = contentLabel(absolutePath);
  const file = path.relative(contentRoot, absolutePath).split(path.sep).join("/") as YamlFile;
  const schema = yamlSchemas[file];
  if (!schema) {
    problems.report(reporter, [
      `${label}: no content type is defined for this file; the README lists the YAML files the site reads`,
    ]);
    return;
  }
  let data: unknown;
  try {
    data = readRawContentFile(file, contentRoot);
  } catch (error) {
    problems.report(reporter, [`${label}: is not valid YAML: ${(error as Error).message}`]);
    return;
  }
  const result = validateContent(schema, label, data);
  if (!result.ok) {
    problems.report(reporter, result.problems);
    return;
  }
  const entries = (Array.isArray(result.value) ? result.value : [result.value]) as Record<string, unknown>[];
  entries.forEach((entry, index) => {
    createChildNode(args, yamlNodeTypes[file], ` [${index}]`, yamlNodeFields(file, entry, index));
  });
}

/**
 * A service page, a post, an area page or the agreement: its front matter read from its file (with
 * `yaml`, as every content file is: src/lib/content/front-matter.ts) and validated. The copy is the Mdx
 * node's body, which gatsby-plugin-mdx compiles when a page asks for it (gatsby/copy.ts).
 */
async function sourceMdxFile({ problems, production }: SourcingOptions, args: NodeArgs, fileNode: Node): Promise<void> {
  const { reporter, loadNodeContent } = args;
  const contentFilePath = fileNode.absolutePath as string;
  const collection = path.relative(contentRoot, contentFilePath).split(path.sep)[0];
  const label = contentLabel(contentFilePath);
  const slug = slugFromFilePath(contentFilePath);
  let file: FrontMatterFile;
  try {
    file = readFrontMatter(await loadNodeContent(fileNode));
  } catch (error) {
    return problems.report(reporter, [`${label}: ${(error as Error).message}`]);
  }
  const { data: frontmatter, body } = file;
  // The inspection agreement is no page: the functions read it (src/features/agreement/server/agreement.ts). Its front
  // matter and placeholders are checked here, so a bad edit stops the build with the field named.
  if (collection === "agreement.md") {
    const result = validateContent(agreementFrontmatterSchema, label, frontmatter);
    if (!result.ok) return problems.report(reporter, result.problems);
    const unknown = unknownPlaceholders(body);
    if (unknown.length) {
      return problems.report(reporter, [
        `${label}: {{${unknown[0]}}} is not filled in by the site; use ${Object.keys(AGREEMENT_PLACEHOLDERS)
          .map((name) => `{{${name}}}`)
          .join(", ")}`,
      ]);
    }
    return;
  }
  let fields: Record<string, unknown>;
  let type: string;

  if (collection === "services") {
    const result = validateContent(serviceFrontmatterSchema, label, frontmatter);
    if (!result.ok) return problems.report(reporter, result.problems);
    type = "Service";
    fields = { ...result.value, slug, path: servicePath(slug), contentFilePath };
  } else if (collection === "blog") {
    const result = validateContent(postFrontmatterSchema, label, frontmatter);
    if (!result.ok) return problems.report(reporter, result.problems);
    if (result.value.image && !result.value.imageAlt) {
      return problems.report(reporter, [`${label}: field "imageAlt" is required when "image" is set`]);
    }
    // Drafts are visible while writing (gatsby develop) and left out of production builds.
    if (result.value.draft && production) return;
    type = "BlogPost";
    fields = {
      ...result.value,
      slug,
      path: postPath(slug),
      readingMinutes: readingMinutes(body),
      contentFilePath,
    };
  } else if (collection === "areas") {
    const result = validateContent(areaFrontmatterSchema, label, frontmatter);
    if (!result.ok) return problems.report(reporter, result.problems);
    type = "Area";
    fields = { ...result.value, slug, path: areaPath(slug), contentFilePath };
  } else {
    return problems.report(reporter, [`${label}: MDX files belong in content/services, content/blog or content/areas`]);
  }

  createChildNode(args, type, "", fields);
}
