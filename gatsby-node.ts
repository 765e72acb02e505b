/**
 * Gatsby's build hooks, in lifecycle order: init, schema, nodes, resolvers, pages, post-build.
 * Each concern lives in its own module under gatsby/.
 */
import type { GatsbyNode } from "gatsby";
import path from "node:path";
import { ContentProblems } from "./gatsby/content-problems";
import { checkCopy, copyResolvers } from "./gatsby/copy";
import { deploySettingsNotice } from "./gatsby/deploy-settings";
import { createContentPages } from "./gatsby/pages";
import { writePostBuildFiles } from "./gatsby/post-build";
import { writeSearchIndex } from "./gatsby/search-index";
import { areaPageProblems, checkReferences } from "./gatsby/references";
import { resolvers } from "./gatsby/resolvers";
import { typeDefs } from "./gatsby/schema";
import { sourceContent } from "./gatsby/source-content";
import { withoutServerFields } from "./gatsby/server-only-fields";
import { contentLabel, contentRoot, siteRoot } from "./gatsby/site-root";
import { unreadableCopyFiles } from "./src/build-time/content-files";
import { writeSiteEditor } from "./src/features/editor/build/admin-files";
import { undeclaredFields } from "./src/features/privacy/shared/undeclared-fields";

const production = process.env.NODE_ENV === "production";
const contentProblems = new ContentProblems(production);

export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }) => {
  writeSiteEditor(siteRoot, contentRoot);
  const notice = deploySettingsNotice();
  if (notice) reporter[notice.level](notice.text);
  // The files gatsby-config.ts leaves out of sourcing.
  for (const { file, problem } of unreadableCopyFiles(contentRoot)) {
    contentProblems.report(reporter, [`${contentLabel(file)}: ${problem}`]);
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const onCreateNode = sourceContent({ problems: contentProblems, production });

export const onCreateWebpackConfig = withoutServerFields;

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, ...helpers }) => {
  createResolvers(resolvers);
  createResolvers(copyResolvers(helpers));
};

export const createPages: GatsbyNode["createPages"] = async (args) => {
  await checkCopy(args, contentProblems);
  const areaProblems = areaPageProblems(args.getNodesByType, contentRoot);
  if (areaProblems.length) contentProblems.report(args.reporter, areaProblems);
  if (contentProblems.stopBuild(args.reporter)) return;
  checkReferences(args.getNodesByType, args.reporter);
  // The privacy notice lists every form field with its purpose: a field declared nowhere stops the build.
  const undeclared = undeclaredFields();
  if (undeclared.length) args.reporter.panicOnBuild(`Privacy declaration:\n  ${undeclared.join("\n  ")}`);
  await createContentPages(args);
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  await writePostBuildFiles(args);
  // After the pages are final: the index's excerpts come from the HTML as served.
  writeSearchIndex(path.join(siteRoot, "public"), args.reporter);
};
