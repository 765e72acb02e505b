/**
 * A service's or post's copy: its HTML, its `##` sections and the live components it places, resolved
 * from one compilation by gatsby-plugin-mdx (compileMDXWithCustomOptions) when a query first asks.
 * The pages set the HTML in as it is, so no page ships its copy as JavaScript.
 */
import type { CreatePagesArgs, CreateResolversArgs, Node, PluginOptions, Reporter } from "gatsby";
import { compileMDXWithCustomOptions } from "gatsby-plugin-mdx";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { rehypeCollectSections, type CopySection } from "../src/build-time/copy-sections";
import { mdxPluginOptions } from "../src/build-time/mdx-options";
import { mdxSlots, SLOT_ATTRIBUTE, slotsIn, type MdxSlot } from "../src/lib/content/mdx-slots";
import type { ContentProblems } from "./content-problems";
import { contentLabel } from "./site-root";

export interface Copy {
  html: string;
  sections: CopySection[];
  slots: MdxSlot[];
}

/** A slot is written into the HTML as an empty marker; the page's template renders the component there. */
const slotMarkers = Object.fromEntries(
  mdxSlots.map((name) => [name, () => createElement("div", { [SLOT_ATTRIBUTE]: name })]),
);

type MdxContent = ComponentType<{ components?: Record<string, unknown> }>;
/** Runs a compiled function body, as MDX's own `run` does. */
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  body: string,
) => (scope: { useMDXComponents: () => Record<string, unknown> }) => Promise<{ default: MdxContent }>;

type Helpers = Pick<CreateResolversArgs, "getNode" | "getNodesByType" | "pathPrefix" | "reporter" | "cache" | "store">;

/** A Service or BlogPost node: its parent is the Mdx node gatsby-plugin-mdx made of its file. */
interface PageNode {
  parent: string | null;
  contentFilePath: string;
}

async function compileCopy(body: string, absolutePath: string, helpers: Helpers): Promise<Copy> {
  // The plugin stops the build at the first copy it cannot compile; caught, the problem joins the others.
  let failure: unknown;
  const reporter: Reporter = Object.assign(Object.create(helpers.reporter) as Reporter, {
    panicOnBuild: (meta: { context?: { errorMeta?: unknown } }) => {
      failure = meta.context?.errorMeta ?? meta;
    },
  });
  const compiled = await compileMDXWithCustomOptions(
    { source: body, absolutePath },
    {
      ...helpers,
      reporter,
      pluginOptions: mdxPluginOptions as unknown as PluginOptions,
      customOptions: { mdxOptions: { outputFormat: "function-body", rehypePlugins: [rehypeCollectSections] } },
    },
  );
  if (!compiled) throw failure;
  const { default: Content } = await new AsyncFunction(compiled.processedMDX)({ useMDXComponents: () => slotMarkers });
  const html = renderToStaticMarkup(createElement(Content));
  return { html, sections: (compiled.metadata.sections as CopySection[] | undefined) ?? [], slots: slotsIn(html) };
}

/** Each copy compiled once, by its Mdx node, until the file changes (gatsby develop). */
const compiled = new Map<string, { digest: string; copy: Promise<Copy> }>();

function copyOf(page: PageNode, helpers: Helpers): Promise<Copy> {
  const mdx = page.parent ? (helpers.getNode(page.parent) as (Node & { body: string }) | undefined) : undefined;
  if (!mdx) throw new Error(`${contentLabel(page.contentFilePath)}: no Mdx node holds this page's copy`);
  const digest = mdx.internal.contentDigest;
  let entry = compiled.get(mdx.id);
  if (entry?.digest !== digest) {
    const copy = compileCopy(mdx.body, page.contentFilePath, helpers).catch((error: unknown) => {
      throw new Error(
        `${contentLabel(page.contentFilePath)}: the copy is not valid MDX: ${(error as Error)?.message ?? String(error)}`,
      );
    });
    entry = { digest, copy };
    compiled.set(mdx.id, entry);
  }
  return entry.copy;
}

/** The copy's fields of Service, BlogPost and Area (declared in gatsby/schema.ts), for createResolvers. */
export function copyResolvers(helpers: Helpers) {
  const field = <K extends keyof Copy>(name: K) => ({
    resolve: async (page: PageNode) => (await copyOf(page, helpers))[name],
  });
  const fields = { html: field("html"), sections: field("sections"), slots: field("slots") };
  return { Service: fields, BlogPost: fields, Area: { html: field("html") } };
}

/**
 * Compiles every page's copy before pages are made, so a copy that does not compile, or a post
 * that places a live component, is a content problem like a bad field.
 */
export async function checkCopy(args: CreatePagesArgs, problems: ContentProblems): Promise<void> {
  const pages = (type: "Service" | "BlogPost" | "Area") =>
    (args.getNodesByType(type) as unknown as PageNode[]).map((page) => ({ type, page }));
  const found = await Promise.all(
    [...pages("Service"), ...pages("BlogPost"), ...pages("Area")].map(async ({ type, page }) => {
      try {
        const [slot] = (await copyOf(page, args)).slots;
        return slot && type !== "Service"
          ? [
              `${contentLabel(page.contentFilePath)}: <${slot} /> can be placed on service pages only, not in ${type === "Area" ? "an area page" : "a post"}`,
            ]
          : [];
      } catch (error) {
        return [(error as Error).message];
      }
    }),
  );
  if (found.flat().length) problems.report(args.reporter, found.flat());
}
