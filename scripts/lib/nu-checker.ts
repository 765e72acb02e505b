/**
 * The W3C Nu HTML checker (the checker behind validator.w3.org/nu), run offline from its own jar
 * in npm's `vnu-jar` package. The jar needs Java 17 or later; `vnu-jar`'s install script, which
 * would download a Java from outside the package registry, is not run (`allowScripts`).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

/** Where `vnu-jar` keeps the jar (its main module only exports this path, as a String object). */
export const VNU_JAR = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

/** The checker needs Java 17 or later (its --help: "On any system with Java17+ installed"). */
export const JAVA_NEEDED = 17;

export interface NuMessage {
  /** "error", or "non-document-error" when a file could not be read at all. */
  type: string;
  /** file:/.../public/contact.html */
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * What the checker reports as an error but is valid CSS it does not know yet, matched by the whole
 * message (with --asciiquotes, which writes its quotation marks as '). Tailwind 4 writes all three into the stylesheet every page inlines; browsers without
 * them skip the rule, as CSS says they must. Only these are set aside: any other CSS error counts.
 */
export const UNKNOWN_CSS: readonly RegExp[] = [
  // @property registers Tailwind's custom properties (CSS Properties and Values API, Baseline 2024).
  /^CSS: Unrecognized at-rule '@property'\.?$/,
  // margin-trim, named only inside Tailwind's @supports test for Safari (CSS Box Model 4).
  /^CSS: 'margin-trim': Property 'margin-trim' doesn't exist\.?$/,
  // A custom property is a valid transition-property value (a <custom-ident>, CSS Transitions).
  /^CSS: 'transition-property': '--tw-[a-z-]+' is not a 'transition-property' value\.?$/,
];

export const isUnknownCss = (message: NuMessage): boolean =>
  UNKNOWN_CSS.some((pattern) => pattern.test(message.message));

/** The major version of the Java on the PATH (or in $JAVA_HOME), or null when there is none. */
export function javaVersion(java: string): number | null {
  const result = spawnSync(java, ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  // `java -version` writes to stderr: openjdk version "17.0.15" 2025-04-15 (or "1.8.0_392" for 8).
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export function javaCommand(): string {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
}

/** Runs the checker on the files and returns its errors, the unknown CSS set aside. */
export function nuErrors(files: readonly string[], java = javaCommand()): { errors: NuMessage[]; setAside: number } {
  const result = spawnSync(
    java,
    ["-jar", VNU_JAR, "--errors-only", "--asciiquotes", "--format", "json", "--stdout", "--exit-zero-always", ...files],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`The Nu checker stopped (exit ${result.status}):\n${result.stderr}`);
  const { messages } = JSON.parse(result.stdout) as { messages: NuMessage[] };
  const errors = messages.filter((message) => !isUnknownCss(message));
  return { errors, setAside: messages.length - errors.length };
}
