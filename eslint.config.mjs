import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The features (docs/architecture.md), each row above the rows after it: a feature imports only
 * from the rows below its own, so no two import each other, and what two need sits below both.
 */
const featureRows = [
  ["agents"],
  ["desk", "editor"],
  ["reminders", "privacy"],
  ["report"],
  ["requests", "payments", "agreement"],
  ["booking"],
  ["signed-agreements", "payment-ledger"],
];
const feature = (name) => `./src/features/${name}`;
const features = featureRows.flat();
/** A feature's public entry, one per layer: other features import these and none of its other files. */
const featureEntries = ["./server/index.ts", "./ui/index.ts", "./shared/index.ts"];

const layerZones = [
  {
    target: ["./src/lib", "./src/components", "./src/hooks"],
    from: ["./src/features", "./src/passes"],
    message: "src/lib/, src/components/ and src/hooks/ are below the features; what both need goes there.",
  },
  ...featureRows.flatMap((row, index) =>
    row.map((name) => ({
      target: feature(name),
      from: [...featureRows.slice(0, index).flat(), ...row.filter((other) => other !== name)].map(feature),
      message: `A feature imports only the features in the rows below its own (eslint.config.mjs, featureRows).`,
    })),
  ),
  ...features.map((name) => ({
    target: feature(name),
    from: features.filter((other) => other !== name).map(feature),
    except: featureEntries,
    message: `Another feature is imported through its public entry only, <feature>/<layer>/index.ts (eslint.config.mjs, featureEntries).`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      "src/gatsby-types.d.ts",
      "test-results/",
      "playwright-report/",
      "reports/",
      ".netlify/",
      // The content editor's files, copied from npm at build time.
      "static/admin/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Imports go one way: a cycle makes a module's meaning depend on which file loads first.
    // The node resolver finds the TypeScript files (all imports here are relative, no path
    // aliases); packages are not parsed (import/ignore), only this project's own files, which
    // keeps the rule to a few seconds.
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { import: importPlugin },
    settings: {
      "import/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] } },
      "import/ignore": ["node_modules"],
    },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The layers (docs/architecture.md): plumbing imports no concern, nothing in src/lib imports a
    // feature or the periodic pass above them, a feature imports only lower rows and only through
    // their entries; src/ never imports the commands, nor the tests but for a unit test's shared samples.
    files: ["src/**/*.{ts,tsx,js,mjs}"],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    files: ["src/**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            { target: "./src", from: ["./scripts", "./tests"], message: "src/ never imports scripts/ or tests/." },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,cjs}", "jest/__mocks__/**"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        require: "readonly",
        module: "writable",
        __dirname: "readonly",
        process: "readonly",
        global: "writable",
        jest: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // Node scripts run by the tests outside the project's module system (tests/support/lambda).
    files: ["tests/support/**/*.mjs"],
    languageOptions: {
      globals: { process: "readonly", Buffer: "readonly", console: "readonly" },
    },
  },
);
