/**
 * Fields of the content files that only the server reads: who may sign in to the desk. They are
 * left out of the GraphQL nodes (source-content.ts, schema.ts) and, through this module's webpack
 * plugin, out of every page's JavaScript, although business-data.ts imports site.yaml whole for
 * the functions and the pages alike.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import type { YamlFile } from "../src/lib/content/content-schema";

export const SERVER_ONLY_FIELDS: Partial<Record<YamlFile, readonly string[]>> = {
  "site.yaml": ["deskPeople"],
};

const LOADER = path.join(__dirname, "without-server-fields-loader.cjs");
const INLINE_YAML = /^!!yaml-loader!(.*\/content\/([\w.-]+\.yaml))$/;

/** Every stage Gatsby builds pages in: `!!yaml-loader!…/content/<file>` becomes this file's loader, omitting its server-only fields. */
export const withoutServerFields: GatsbyNode["onCreateWebpackConfig"] = ({ actions, plugins }) => {
  actions.setWebpackConfig({
    plugins: [
      plugins.normalModuleReplacement(INLINE_YAML, (resource: { request: string }) => {
        const [, file, name] = INLINE_YAML.exec(resource.request)!;
        const omit = SERVER_ONLY_FIELDS[name as YamlFile];
        if (omit) resource.request = `!!${LOADER}?${JSON.stringify({ omit })}!${file}`;
      }),
    ],
  });
};
