/** Unit tests: logic in src/lib and components rendered with Testing Library. */
module.exports = {
  testEnvironment: "jsdom",
  // The project root is a root so the gatsby mock in __mocks__ (beside node_modules) is found.
  roots: ["<rootDir>"],
  testMatch: ["<rootDir>/src/**/*.test.{ts,tsx}", "<rootDir>/scripts/**/*.test.ts", "<rootDir>/gatsby/**/*.test.ts"],
  modulePathIgnorePatterns: ["<rootDir>/public/", "<rootDir>/.cache/", "<rootDir>/.netlify/"],
  transform: {
    "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js",
    "\\.ya?ml$": "<rootDir>/jest-yaml-transform.js",
  },
  moduleNameMapper: {
    "^!!yaml-loader!(.*)$": "$1",
    "\\.css$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|svg|webp|avif)$": "<rootDir>/__mocks__/file-mock.js",
  },
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
