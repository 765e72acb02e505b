/** Integration tests: real builds, the built site under `gatsby serve`, real SMTP on loopback. */
const unit = require("./jest.config");

module.exports = {
  ...unit,
  testEnvironment: "node",
  roots: ["<rootDir>"],
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  setupFilesAfterEnv: [],
  testTimeout: 240_000,
  // The Netlify scheduled function is an ES module in TypeScript (.mts), as Netlify expects.
  moduleFileExtensions: ["js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "json", "node"],
  transform: { ...unit.transform, "^.+\\.mts$": "<rootDir>/jest-preprocess.js" },
  // TypeScript names it by its output (.mjs); Jest reads the source.
  moduleNameMapper: { ...unit.moduleNameMapper, "^(\\.{1,2}/.*)\\.mjs$": "$1.mts" },
};
