/**
 * Where the functions run, and for which deploy. On Netlify a function must never fall back to
 * what suits one machine (an embedded database in the working folder, a link secret kept on
 * disk): its disk is read-only and does not last. So "on Netlify" is any one of three signals,
 * none of which a visitor can set (they are environment, not headers):
 *
 * - the build ran on Netlify (`NETLIFY=true`, which Netlify's build sets; Gatsby's function
 *   compiler writes the build's value into each function bundle, see runtime.ts);
 * - Netlify's run-time variables (`SITE_ID`, which Netlify sets in every function it runs);
 * - AWS Lambda's own (`AWS_LAMBDA_FUNCTION_NAME`, `LAMBDA_TASK_ROOT`), where Netlify runs them.
 *
 * The deploy context (production, deploy-preview, branch-deploy) is known only while the site is
 * built (`CONTEXT`); Netlify gives functions no such variable when they run. Gatsby's compiler
 * writes the build's `CONTEXT` into each function bundle, which is what "the deploy this function
 * belongs to" means. The scheduled functions in netlify/functions are bundled by Netlify from
 * source, but Netlify runs them on the published (production) deploy only.
 */
import { runtimeEnv } from "../runtime/runtime";

/** The value the build had (written into the bundle by Gatsby's compiler), else the running process's. */
const built = (value: string | undefined, name: string, env: NodeJS.ProcessEnv) => value || env[name] || undefined;

export function onNetlify(env: NodeJS.ProcessEnv = runtimeEnv()): boolean {
  // `process.env.NETLIFY` is spelled out so that Gatsby's compiler replaces it with the build's value.
  const builtOnNetlify = built(process.env.NETLIFY, "NETLIFY", env) === "true";
  return builtOnNetlify || Boolean(env.SITE_ID || env.AWS_LAMBDA_FUNCTION_NAME || env.LAMBDA_TASK_ROOT);
}

export const DEPLOY_CONTEXTS = ["production", "deploy-preview", "branch-deploy"] as const;
export type DeployContext = (typeof DEPLOY_CONTEXTS)[number];

/**
 * The Netlify deploy context of this code, or null on one machine (`npm start`, the owner's
 * commands, the tests' servers). On Netlify without a known context (a scheduled function), it
 * is production: Netlify runs scheduled functions on the published deploy only.
 */
export function deployContext(env: NodeJS.ProcessEnv = runtimeEnv()): DeployContext | null {
  const context = built(process.env.CONTEXT, "CONTEXT", env);
  if (context && (DEPLOY_CONTEXTS as readonly string[]).includes(context)) return context as DeployContext;
  return onNetlify(env) ? "production" : null;
}

/** What a function needs on Netlify to take a request: without one, nothing is stored or sent. */
export const REQUIRED_ON_NETLIFY = {
  DATABASE_URL: "the PostgreSQL database that keeps requests and bookings",
  SMTP_URL: "the mail server that carries every e-mail",
  BOOKING_LINK_SECRET: "the key that signs the links in the e-mails",
} as const;
export type RequiredSetting = keyof typeof REQUIRED_ON_NETLIFY;

/** The required settings this environment lacks (none off Netlify, where each has a local stand-in). */
export function missingSettings(
  env: NodeJS.ProcessEnv = runtimeEnv(),
  wanted: readonly RequiredSetting[] = Object.keys(REQUIRED_ON_NETLIFY) as RequiredSetting[],
): RequiredSetting[] {
  if (!onNetlify(env)) return [];
  return wanted.filter((name) => !env[name]?.trim());
}
