/**
 * A webpack loader for the pages' bundles only (gatsby/server-only-fields.ts puts it in place of
 * the yaml-loader a content file is imported with): the file as yaml-loader makes it, less the
 * fields only the server may read, named by its `omit` option. The functions, which Gatsby
 * compiles without onCreateWebpackConfig, keep yaml-loader and the whole file.
 */
const YAML = require("yaml");

module.exports = function withoutServerFields(source) {
  const { omit = [] } = this.getOptions();
  const data = YAML.parse(source);
  for (const field of omit) delete data[field];
  return `export default ${JSON.stringify(data)};`;
};
