/** Integration tests: real builds, the built site under `gatsby serve`, real SMTP on loopback. */
const unit = require("./jest.config");

module.exports = {
  ...unit,
  testEnvironment: "node",
  roots: ["<rootDir>"],
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  setupFilesAfterEnv: [],
  testTimeout: 240_000,
};
