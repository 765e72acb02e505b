/**
 * Where the functions run, and for which deploy (docs/developing.md, "The deploy underneath"). On Netlify a
 * function never falls back to what suits one machine (an embedded database, a secret on disk), and "on
 * Netlify" is any of three signals a visitor cannot set. The deploy context is the build's `CONTEXT`, written
 * into each bundle; a function whose context is not known opens no database. A preview or branch deploy reads
 * PREVIEW_DATABASE_URL, never DATABASE_URL, so production's database is out of its reach.
 */
import { runtimeEnv } from "../runtime/runtime";
import { ownerSetting, REQUIRED_SETTINGS } from "./owner-settings";

/** The value the build had (written into the bundle by Gatsby's compiler), else the running process's. */
const built = (value: string | undefined, name: string, env: NodeJS.ProcessEnv) => value || env[name] || undefined;

export function onNetlify(env: NodeJS.ProcessEnv = runtimeEnv()): boolean {
  // `process.env.NETLIFY` is spelled out so that Gatsby's compiler replaces it with the build's value.
  // The build ran on Netlify (NETLIFY), Netlify's run-time SITE_ID, or AWS Lambda's own variables.
  const builtOnNetlify = built(process.env.NETLIFY, "NETLIFY", env) === "true";
  return builtOnNetlify || Boolean(env.SITE_ID || env.AWS_LAMBDA_FUNCTION_NAME || env.LAMBDA_TASK_ROOT);
}

export const DEPLOY_CONTEXTS = ["production", "deploy-preview", "branch-deploy"] as const;
export type DeployContext = (typeof DEPLOY_CONTEXTS)[number];

/**
 * The Netlify deploy context of this code, or null when none is known: on one machine (`npm start`,
 * the owner's commands, the tests' servers), or on Netlify in a bundle built without one.
 */
export function deployContext(env: NodeJS.ProcessEnv = runtimeEnv()): DeployContext | null {
  const context = built(process.env.CONTEXT, "CONTEXT", env);
  if (context && (DEPLOY_CONTEXTS as readonly string[]).includes(context)) return context as DeployContext;
  return null;
}

/** A deploy preview or a branch deploy: not the site visitors use. */
export const isPreview = (context: DeployContext | null) => context === "deploy-preview" || context === "branch-deploy";

/** The variable that names this code's database: PREVIEW_DATABASE_URL for a preview, else DATABASE_URL. */
export const databaseUrlSetting = (env: NodeJS.ProcessEnv = runtimeEnv()) =>
  isPreview(deployContext(env)) ? "PREVIEW_DATABASE_URL" : "DATABASE_URL";

/**
 * The environment of a scheduled function: Netlify bundles those from source, without the build's CONTEXT, and
 * runs them on the published (production) deploy only, so each says so itself through this.
 */
export const publishedDeployEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, CONTEXT: "production" });

/**
 * The required settings this environment lacks, by the names the owner sets (none off Netlify,
 * where each has a local stand-in), each with what it is for (owner-settings.ts); CONTEXT first on
 * Netlify when the bundle was built without a deploy context. DATABASE_URL stands for the database
 * of this code's context (PREVIEW_DATABASE_URL on a preview).
 */
export function missingSettings(
  env: NodeJS.ProcessEnv = runtimeEnv(),
  wanted: readonly string[] = REQUIRED_SETTINGS,
): { name: string; what: string }[] {
  if (!onNetlify(env)) return [];
  const unknownContext = deployContext(env)
    ? []
    : [{ name: "CONTEXT", what: "deploy context, which Netlify's build sets and this bundle was built without" }];
  const named = (name: string) => (name === "DATABASE_URL" ? databaseUrlSetting(env) : name);
  return [
    ...unknownContext,
    ...wanted
      .filter((name) => !env[named(name)]?.trim())
      .map((name) => ({ name: named(name), what: ownerSetting(name).what })),
  ];
}
