/**
 * `npm run check:settings [-- --env-file production.env]`: checks a set of the live site's settings before a
 * deploy and says in plain words what is missing or wrong and what each is for. The settings and their checks
 * are the site's own (deploy/owner-settings.ts, runtime/settings.ts), so this says what the deployed site
 * would. The answer never repeats a value: most are passwords or keys.
 */
import { readFileSync } from "node:fs";
import { parseArgs, parseEnv } from "node:util";
import { findingText, findSettings, type SettingFinding } from "../../src/lib/server/deploy/owner-settings";
import { serverSettings, settingDescriptions } from "../../src/lib/server/runtime/settings";

export interface CheckAnswer {
  /** 0: nothing needed is missing or wrong; 1: something is; 2: the command could not be run. */
  code: number;
  text: string;
}

/** The limits an operator may set (docs/developing.md's table), each checked as the server reads it. */
function limitProblems(env: NodeJS.ProcessEnv): string[] {
  return settingDescriptions.flatMap(([, { variable }]) => {
    if (!variable || env[variable] === undefined) return [];
    try {
      serverSettings({ [variable]: env[variable] });
      return [];
    } catch (error) {
      return [`${(error as Error).message}: it is a limit of the site (docs/developing.md, Environment variables).`];
    }
  });
}

const section = (title: string, lines: string[], mark: string) =>
  lines.length ? [``, title, ...lines.map((line) => `  ${mark} ${line}`)] : [];

export function checkSettings(args: readonly string[], env: NodeJS.ProcessEnv): CheckAnswer {
  let file: string | undefined;
  try {
    file = parseArgs({ args: [...args], options: { "env-file": { type: "string" } } }).values["env-file"];
  } catch (error) {
    return { code: 2, text: `${(error as Error).message}\nUse: npm run check:settings -- --env-file <file>` };
  }
  let settings = env;
  if (file !== undefined) {
    try {
      // A file is read alone, without this shell's environment, so a value set here cannot hide one the
      // file lacks.
      settings = parseEnv(readFileSync(file, "utf8"));
    } catch (error) {
      return {
        code: 2,
        text: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
      };
    }
  }
  const findings = findSettings(settings);
  const of = (state: SettingFinding["state"], required?: boolean) =>
    findings
      .filter((each) => each.state === state && (required === undefined || each.setting.required === required))
      .map(findingText);
  const needed = [...of("missing"), ...of("wrong", true)];
  const wrong = [...of("wrong", false), ...limitProblems(settings)];
  const problems = needed.length + wrong.length;
  const lines = [
    file === undefined
      ? "Checking the live site's settings in this shell's environment."
      : `Checking the live site's settings in ${file} (the environment is not read when a file is named).`,
    ...section("Needed, and missing or wrong:", needed, "✗"),
    ...section("Optional, and wrong:", wrong, "✗"),
    ...section("Optional, not set:", of("unset"), "-"),
    ...section("Good:", of("good"), "✓"),
    "",
    problems
      ? `${problems} ${problems === 1 ? "problem" : "problems"}: set ${problems === 1 ? "it" : "them"} right before you deploy. Where each comes from: docs/deploy.md.`
      : "Every setting the live site needs is there and written right. This checks how each is written, not that the database or mail server answers: the first booking does (docs/deploy.md).",
  ];
  return { code: problems ? 1 : 0, text: lines.join("\n") };
}
