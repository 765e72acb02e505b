/** Unit tests: logic in src/lib and components rendered with Testing Library. */
module.exports = {
  testEnvironment: "jsdom",
  roots: ["<rootDir>/src", "<rootDir>/scripts"],
  transform: {
    "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js",
    "\\.ya?ml$": "<rootDir>/jest-yaml-transform.js",
  },
  moduleNameMapper: {
    "^!!yaml-loader!(.*)$": "$1",
    "\\.css$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|svg|webp|avif|woff2?)$": "<rootDir>/__mocks__/file-mock.js",
  },
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
