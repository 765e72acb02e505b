/**
 * Two projects. `npm run test:unit`: logic in src, scripts and gatsby/, and components rendered
 * with Testing Library. `npm run test:integration`: real builds, the built site under
 * `gatsby serve`, real SMTP on loopback. Their helpers live in jest/.
 */
const shared = {
  modulePathIgnorePatterns: ["<rootDir>/public/", "<rootDir>/.cache/", "<rootDir>/.netlify/"],
  transform: {
    "^.+\\.m?[jt]sx?$": "<rootDir>/jest/preprocess.js",
    "\\.ya?ml$": "<rootDir>/jest/yaml-transform.js",
    "\\.ics$": "<rootDir>/jest/raw-transform.js",
    "\\.md$": "<rootDir>/jest/raw-transform.js",
  },
  moduleNameMapper: {
    "^!!yaml-loader!(.*)$": "$1",
    "^!!raw-loader!(.*)$": "$1",
    "\\.css$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|svg|webp|avif)$": "<rootDir>/jest/__mocks__/file-mock.js",
  },
  // Packages published as ES modules only are compiled too: beasties (src/build-time/critical-css.ts)
  // is CommonJS, but the packages under its own node_modules are not. The zone file of
  // @touch4it/ical-timezones is read as text (the raw transform above), as webpack's raw-loader reads it.
  // Netlify's parsers, which src/serve loads with import() (compiled to require() here), and
  // their ES-module dependencies.
  transformIgnorePatterns: [
    "(?<!/beasties/)node_modules/(?!(gatsby|gatsby-script|gatsby-link|beasties|@touch4it/ical-timezones|@netlify/headers-parser|@netlify/redirect-parser|escape-string-regexp|is-plain-obj|map-obj|path-exists|filter-obj)/)",
  ],
  globals: { __PATH_PREFIX__: "" },
  setupFiles: ["<rootDir>/jest/loadershim.js"],
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "jsdom",
      // jest/ is a root so its __mocks__/gatsby.js stands in for the gatsby package.
      roots: ["<rootDir>/jest", "<rootDir>/src", "<rootDir>/scripts", "<rootDir>/gatsby"],
      testMatch: [
        "<rootDir>/src/**/*.test.{ts,tsx}",
        "<rootDir>/scripts/**/*.test.ts",
        "<rootDir>/gatsby/**/*.test.ts",
      ],
      testEnvironmentOptions: { url: "http://localhost/" },
      setupFilesAfterEnv: ["<rootDir>/jest/setup.ts"],
    },
    {
      ...shared,
      displayName: "integration",
      testEnvironment: "node",
      roots: ["<rootDir>/jest", "<rootDir>/tests"],
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      // The Netlify scheduled function is an ES module in TypeScript (.mts), as Netlify expects.
      moduleFileExtensions: ["js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "json", "node"],
      transform: { ...shared.transform, "^.+\\.mts$": "<rootDir>/jest/preprocess.js" },
      // TypeScript names it by its output (.mjs); Jest reads the source.
      moduleNameMapper: { ...shared.moduleNameMapper, "^(\\.{1,2}/.*)\\.mjs$": "$1.mts" },
      // A real build takes minutes on a busy machine.
      setupFilesAfterEnv: ["<rootDir>/jest/integration-setup.ts"],
    },
  ],
};
