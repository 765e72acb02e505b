/**
 * The tables of limits, made from their one declaration each: every server setting with its
 * default and what it limits (src/lib/server/runtime/settings.ts) and the most characters of each field a
 * visitor types (src/lib/forms/text-cleaning.ts) in docs/requests.md, and the settings an operator
 * may change through the environment in docs/developing.md, and the live site's settings in docs/deploy.md. `npm run docs` writes them between their
 * markers; settings-docs.test.ts fails while they differ.
 */
import { TEXT_LIMITS } from "../../src/lib/forms/text-cleaning";
import { OWNER_SETTINGS } from "../../src/lib/server/deploy/owner-settings";
import { DEFAULT_SETTINGS, settingDescriptions, variableScale } from "../../src/lib/server/runtime/settings";
import { markdownTable } from "./readme-markers";

const number = (value: number) => value.toLocaleString("en-US");

/** 500 ms, 5 s, 15 min, 32 KB, 1,024: a default as a person reads it. */
export function amount(value: number, unit: "ms" | "bytes" | "count"): string {
  if (unit === "bytes") return value % 1024 === 0 ? `${number(value / 1024)} KB` : `${number(value)} bytes`;
  if (unit === "count") return number(value);
  if (value % 60_000 === 0) return `${number(value / 60_000)} min`;
  return value % 1000 === 0 ? `${number(value / 1000)} s` : `${number(value)} ms`;
}

/** Every server setting: its name (for SERVER_SETTINGS), default, what it limits and its variable. */
export function settingsTable(): string {
  return markdownTable(
    ["setting", "default", "what it limits", "variable"],
    settingDescriptions.map(([name, { unit, what, variable }]) => [
      `\`${name}\``,
      amount(DEFAULT_SETTINGS[name], unit),
      what,
      variable ? `\`${variable}\`` : "",
    ]),
  );
}

/** The settings an operator may set through the environment, in the variable's own unit. */
export function operatorVariablesTable(): string {
  return markdownTable(
    ["variable", "default", "what it changes"],
    settingDescriptions.flatMap(([name, { unit, what, variable }]) =>
      variable ? [[`\`${variable}\``, number(DEFAULT_SETTINGS[name] / variableScale(unit)), what]] : [],
    ),
  );
}

/** The most characters each typed field may hold, after cleaning. */
export function textLimitsTable(): string {
  return markdownTable(
    ["field", "at most"],
    Object.entries(TEXT_LIMITS).map(([field, limit]) => [`\`${field}\``, `${number(limit)} characters`]),
  );
}

/** The live site's settings (owner-settings.ts), as the deploy guide lists them. */
export function ownerSettingsTable(): string {
  return markdownTable(
    ["setting", "needed", "what it is", "without it", "looks like"],
    OWNER_SETTINGS.map(({ name, required, what, without, example }) => [
      `\`${name}\``,
      required ? "**yes**" : "no",
      `the ${what}`,
      without,
      // A value is shown as written; a description ("a random key from ...") as words.
      /^(a|the) /.test(example) ? example : `\`${example}\``,
    ]),
  );
}

/** Each table: the document it is written into, its marker name, and how it is made. */
export const settingsDocParts: Array<{ document: string; name: string; make: () => string }> = [
  { document: "docs/requests.md", name: "limits:server-settings", make: settingsTable },
  { document: "docs/requests.md", name: "limits:text-fields", make: textLimitsTable },
  { document: "docs/developing.md", name: "limits:environment", make: operatorVariablesTable },
  { document: "docs/deploy.md", name: "deploy:settings", make: ownerSettingsTable },
];
