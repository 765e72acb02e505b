// Jest compiles the site's TypeScript and JSX the way Gatsby does.
// https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/
const babelJest = require("babel-jest").default;

module.exports = babelJest.createTransformer({
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
});
