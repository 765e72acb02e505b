/**
 * Content pipeline: every content file is validated while it is sourced (a bad field stops
 * the build with the file and field named), turned into typed nodes, and the service,
 * water-package and blog pages are created from them.
 * Exports follow Gatsby's lifecycle order: init, schema, nodes, resolvers, pages.
 */
import type { CreateResolversArgs, GatsbyNode, Node, Reporter } from "gatsby";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  postFrontmatterSchema,
  serviceFrontmatterSchema,
  validateContent,
  yamlSchemas,
  type PricingTables,
  type YamlFile,
} from "./src/lib/content-schema";
import { builtPages, inlineScriptHashes, pageTitle } from "./src/lib/built-pages";
import { mdxToHtml } from "./src/lib/mdx-html";
import { slotsIn } from "./src/lib/mdx-slots";
import { contentSecurityPolicy } from "./src/lib/http-headers";
import { postPath, servicePath, slugFromFilePath, waterPackagePath } from "./src/lib/paths";
import { startingPriceForService } from "./src/lib/quote";
import { readingMinutes } from "./src/lib/reading-time";
import { robotsTxt } from "./src/lib/robots";
import { loadShareFonts } from "./src/lib/share-image";
import { writeShareImages } from "./src/lib/share-image-files";

// Gatsby runs from the site folder; compiled gatsby-node lives in .cache, so paths start from the working directory.
const siteRoot = process.cwd();
const contentRoot = path.resolve(siteRoot, process.env.CONTENT_DIR ?? "content");
const isProduction = process.env.NODE_ENV === "production";

/** Shown in build errors: the path a writer would recognise, e.g. content/pricing.yaml. */
function contentLabel(absolutePath: string): string {
  return path.join("content", path.relative(contentRoot, absolutePath)).split(path.sep).join("/");
}

/**
 * Content problems found while sourcing. A build collects them all and stops once, before
 * creating pages, listing every problem; `gatsby develop` reports each as the file is saved.
 */
const contentProblems: string[] = [];

function failContent(reporter: Reporter, problems: string[]): void {
  if (isProduction) contentProblems.push(...problems);
  else reporter.error(`Content error:\n  ${problems.join("\n  ")}`);
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SourceLink { label: String!, url: String! }
    type Question { question: String!, answer: String! }
    type LinkItem { name: String!, href: String! }
    type SocialLinks { facebook: String!, instagram: String!, linkedin: String!, youtube: String! }

    type SiteInfo implements Node @dontInfer {
      name: String!
      tagline: String!
      blurb: String!
      phone: String!
      email: String!
      serviceArea: String!
      hours: String!
      yearsInBusiness: Int!
      inspectionsCompleted: Int!
      licenseNumber: String!
      insuranceSummary: String!
      copyrightYear: Int!
      social: SocialLinks!
    }

    type NavLink implements Node @dontInfer { name: String!, href: String!, order: Int! }
    type FooterLinks implements Node @dontInfer { services: [LinkItem!]!, company: [LinkItem!]! }
    type FaqGroup implements Node @dontInfer { group: String!, order: Int!, questions: [Question!]! }

    type WaterParameter implements Node @dontInfer {
      parameterId: String!
      order: Int!
      name: String!
      limit: String!
      standard: String!
      explanation: String!
    }

    type WaterPackage implements Node @dontInfer {
      packageId: String!
      name: String!
      summary: String!
      price: Int!
      turnaround: String!
      sampling: String!
      suits: String!
      order: Int!
      path: String!
      parameters: [WaterParameter!]! @link(by: "parameterId")
    }

    type Pricing implements Node @dontInfer { tables: JSON! }

    type Service implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      summary: String!
      order: Int!
      icon: String!
      duration: String
      turnaround: String
      lastReviewed: Date @dateformat
      sources: [SourceLink!]!
      faqs: [Question!]!
      "The copy rendered to HTML at build time."
      html: String!
      "The live components the copy places among its paragraphs (src/lib/mdx-slots.ts)."
      slots: [String!]!
      contentFilePath: String!
    }

    type BlogPost implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      description: String!
      date: Date! @dateformat
      lastReviewed: Date @dateformat
      author: String!
      image: File @fileByRelativePath
      imageAlt: String
      draft: Boolean!
      related: [Service!]! @link(by: "slug")
      sources: [SourceLink!]!
      readingMinutes: Int!
      "The copy rendered to HTML at build time."
      html: String!
      contentFilePath: String!
    }
  `);
};

/** Each YAML file becomes nodes of these types; arrays become one node per entry. */
const yamlNodeTypes: Record<YamlFile, string> = {
  "site.yaml": "SiteInfo",
  "navigation.yaml": "NavLink",
  "footer.yaml": "FooterLinks",
  "faq.yaml": "FaqGroup",
  "water-parameters.yaml": "WaterParameter",
  "water-packages.yaml": "WaterPackage",
  "pricing.yaml": "Pricing",
};

/** Shapes one validated YAML entry into the fields of its node type. */
function yamlNodeFields(file: YamlFile, entry: Record<string, unknown>, index: number): Record<string, unknown> {
  switch (file) {
    case "navigation.yaml":
    case "faq.yaml":
      return { ...entry, order: index };
    case "water-parameters.yaml": {
      const { id, ...rest } = entry;
      return { ...rest, parameterId: id, order: index };
    }
    case "water-packages.yaml": {
      const { id, ...rest } = entry;
      return { ...rest, packageId: id, path: waterPackagePath(String(id)) };
    }
    case "pricing.yaml":
      return { tables: entry };
    default:
      return entry;
  }
}

export const onCreateNode: GatsbyNode["onCreateNode"] = async (args) => {
  const { node } = args;
  if (node.internal.type === "File" && node.sourceInstanceName === "content" && node.extension === "yaml") {
    await sourceYamlFile(args);
  } else if (node.internal.type === "Mdx") {
    await sourceMdxFile(args);
  }
};

async function sourceYamlFile({
  node,
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}: Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0]): Promise<void> {
  const absolutePath = node.absolutePath as string;
  const label = contentLabel(absolutePath);
  const file = path.relative(contentRoot, absolutePath).split(path.sep).join("/") as YamlFile;
  const schema = yamlSchemas[file];
  if (!schema) {
    failContent(reporter, [
      `${label}: no content type is defined for this file; the README lists the YAML files the site reads`,
    ]);
    return;
  }
  let data: unknown;
  try {
    const { parse } = await import("yaml");
    data = parse(await readFile(absolutePath, "utf8"));
  } catch (error) {
    failContent(reporter, [`${label}: is not valid YAML: ${(error as Error).message}`]);
    return;
  }
  const result = validateContent(schema, label, data);
  if (!result.ok) {
    failContent(reporter, result.problems);
    return;
  }
  const entries = (Array.isArray(result.value) ? result.value : [result.value]) as Record<string, unknown>[];
  entries.forEach((entry, index) => {
    const fields = yamlNodeFields(file, entry, index);
    const child = {
      ...fields,
      id: createNodeId(`${node.id} [${index}] >>> ${yamlNodeTypes[file]}`),
      parent: node.id,
      children: [],
      internal: { type: yamlNodeTypes[file], contentDigest: createContentDigest(fields) },
    };
    actions.createNode(child);
    actions.createParentChildLink({ parent: node, child: child as unknown as Node });
  });
}

async function sourceMdxFile({
  node,
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}: Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0]): Promise<void> {
  const contentFilePath = (node.internal as { contentFilePath?: string }).contentFilePath ?? "";
  const collection = path.relative(contentRoot, contentFilePath).split(path.sep)[0];
  const label = contentLabel(contentFilePath);
  const slug = slugFromFilePath(contentFilePath);
  const frontmatter = node.frontmatter ?? {};
  let fields: Record<string, unknown>;
  let type: string;
  let html: string;
  try {
    html = await mdxToHtml(String(node.body ?? ""));
  } catch (error) {
    return failContent(reporter, [`${label}: the copy is not valid MDX: ${(error as Error).message}`]);
  }

  if (collection === "services") {
    const result = validateContent(serviceFrontmatterSchema, label, frontmatter);
    if (!result.ok) return failContent(reporter, result.problems);
    type = "Service";
    fields = { ...result.value, slug, path: servicePath(slug), html, slots: slotsIn(html), contentFilePath };
  } else if (collection === "blog") {
    const result = validateContent(postFrontmatterSchema, label, frontmatter);
    if (!result.ok) return failContent(reporter, result.problems);
    if (result.value.image && !result.value.imageAlt) {
      return failContent(reporter, [`${label}: field "imageAlt" is required when "image" is set`]);
    }
    // Drafts are visible while writing (gatsby develop) and left out of production builds.
    if (result.value.draft && isProduction) return;
    const slots = slotsIn(html);
    if (slots.length) {
      return failContent(reporter, [`${label}: <${slots[0]} /> can be placed on service pages only, not in a post`]);
    }
    type = "BlogPost";
    fields = {
      ...result.value,
      slug,
      path: postPath(slug),
      readingMinutes: readingMinutes(String(node.body ?? "")),
      html,
      contentFilePath,
    };
  } else {
    return failContent(reporter, [`${label}: MDX files belong in content/services or content/blog`]);
  }

  const child = {
    ...fields,
    id: createNodeId(`${node.id} >>> ${type}`),
    parent: node.id,
    children: [],
    internal: { type, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
}

/** The part of Gatsby's node model the resolvers use. */
interface NodeModel {
  findOne(args: { type: string }): Promise<{ tables: unknown }>;
  findAll(args: { type: string }): Promise<{ entries: Iterable<{ price: number }> }>;
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }: CreateResolversArgs) => {
  createResolvers({
    SiteInfo: {
      counties: {
        type: "[String!]!",
        description: "The counties served: those the travel zones in pricing.yaml cover, A to Z",
        resolve: async (_source: unknown, _args: unknown, context: { nodeModel: NodeModel }) => {
          const pricing = (await context.nodeModel.findOne({ type: "Pricing" })).tables as PricingTables;
          return pricing.travelZones.flatMap((zone) => zone.counties).sort((a, b) => a.localeCompare(b));
        },
      },
    },
    Service: {
      startingPrice: {
        type: "Int",
        description: "The lowest price the business lists for this service, from pricing.yaml and water-packages.yaml",
        resolve: async (source: { slug: string }, _args: unknown, context: { nodeModel: NodeModel }) => {
          const pricing = await context.nodeModel.findOne({ type: "Pricing" });
          const { entries } = await context.nodeModel.findAll({ type: "WaterPackage" });
          const packagePrices = Array.from(entries, (entry) => entry.price);
          return startingPriceForService(source.slug, pricing.tables as PricingTables, packagePrices);
        },
      },
    },
  });
};

/** Links between content files must point at something that exists. */
function checkReferences(getNodesByType: (type: string) => Node[], reporter: Reporter): void {
  const services = new Set(getNodesByType("Service").map((node) => node.slug as string));
  const parameters = new Set(getNodesByType("WaterParameter").map((node) => node.parameterId as string));
  const problems: string[] = [];

  getNodesByType("WaterPackage").forEach((node) => {
    (node.parameters as string[]).forEach((id, index) => {
      if (!parameters.has(id)) {
        problems.push(
          `content/water-packages.yaml: package "${node.packageId}" field "parameters[${index}]" names "${id}", which is not in content/water-parameters.yaml`,
        );
      }
    });
  });
  getNodesByType("BlogPost").forEach((node) => {
    (node.related as string[]).forEach((slug, index) => {
      if (!services.has(slug)) {
        problems.push(
          `${contentLabel(node.contentFilePath as string)}: field "related[${index}]" names "${slug}", which is not a file in content/services`,
        );
      }
    });
  });
  const pricing = getNodesByType("Pricing")[0]?.tables as PricingTables | undefined;
  [...(pricing?.mainInspections ?? []), ...(pricing?.addOns ?? [])].forEach((item) => {
    if (!services.has(item.service)) {
      problems.push(
        `content/pricing.yaml: "${item.id}" field "service" names "${item.service}", which is not a file in content/services`,
      );
    }
  });
  if (problems.length) reporter.panicOnBuild(`Content error:\n  ${problems.join("\n  ")}`);
}

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter, getNodesByType }) => {
  if (contentProblems.length) {
    const count = `${contentProblems.length} problem${contentProblems.length > 1 ? "s" : ""}`;
    reporter.panicOnBuild(`Content error: ${count} in content/:\n  ${contentProblems.join("\n  ")}`);
    return;
  }
  checkReferences(getNodesByType, reporter);

  const result = await graphql<Queries.CreatePagesQuery>(`
    query CreatePages {
      allService {
        nodes {
          id
          path
          slots
        }
      }
      allWaterPackage {
        nodes {
          id
          path
        }
      }
      allBlogPost {
        nodes {
          id
          path
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load content for page creation", result.errors);
    return;
  }

  const templates = {
    service: path.resolve("src/templates/service.tsx"),
    // The one service whose copy holds the package table: only its page loads the table's code.
    serviceWithPackageComparison: path.resolve("src/templates/service-with-package-comparison.tsx"),
    waterPackage: path.resolve("src/templates/water-package.tsx"),
    post: path.resolve("src/templates/blog-post.tsx"),
  };
  result.data.allService.nodes.forEach(({ id, path: pagePath, slots }) => {
    const component = slots.includes("PackageComparison") ? templates.serviceWithPackageComparison : templates.service;
    actions.createPage({ path: pagePath, component, context: { id } });
  });
  result.data.allWaterPackage.nodes.forEach(({ id, path: pagePath }) => {
    actions.createPage({ path: pagePath, component: templates.waterPackage, context: { id } });
  });
  result.data.allBlogPost.nodes.forEach(({ id, path: pagePath }) => {
    actions.createPage({ path: pagePath, component: templates.post, context: { id } });
  });
};

/**
 * After the pages are written: a share image for each page, each page's Content-Security-Policy
 * (its inline scripts' hashes) in public/_headers, and robots.txt. The Netlify adapter runs
 * next and adds Gatsby's own headers to the same _headers file.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, getNodesByType, cache }) => {
  const publicDir = path.join(siteRoot, "public");
  const pages = builtPages(publicDir);
  const html = new Map(
    await Promise.all(pages.map(async (page) => [page.route, await readFile(page.file, "utf8")] as const)),
  );
  const { parse } = await import("yaml");
  const site = parse(await readFile(path.join(contentRoot, "site.yaml"), "utf8")) as {
    name: string;
    phone: string;
    serviceArea: string;
  };

  const shareImages = await writeShareImages({
    pages: pages.map(({ route }) => ({ route, title: pageTitle(html.get(route)!) })),
    fonts: loadShareFonts(siteRoot),
    eyebrow: `${site.name} · ${site.serviceArea}`,
    footer: `${site.name} · ${site.phone}`,
    publicDir,
    cacheDir: path.join(cache.directory, "share-images"),
  });

  // Any unknown address is answered with 404.html, so "/*" carries that page's policy;
  // each page's own rule comes later and wins (Netlify applies the last matching rule).
  const notFound = await readFile(path.join(publicDir, "404.html"), "utf8");
  const rules = [
    ["/*", contentSecurityPolicy(inlineScriptHashes(notFound))],
    ...pages.map(({ route }) => [route, contentSecurityPolicy(inlineScriptHashes(html.get(route)!))]),
  ];
  await writeFile(
    path.join(publicDir, "_headers"),
    `# Content-Security-Policy per page (gatsby-node onPostBuild, src/lib/http-headers.ts)\n${rules
      .map(([route, policy]) => `${route}\n  content-security-policy: ${policy}\n`)
      .join("")}`,
  );

  const { siteUrl } = getNodesByType("Site")[0]!.siteMetadata as { siteUrl: string };
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  reporter.info(
    `Share images (${shareImages.drawn} drawn, ${shareImages.reused} from the cache), CSP headers and robots.txt written for ${pages.length} pages`,
  );
};
