/**
 * On Netlify's build, says which of the settings the functions need the deploy being built lacks
 * (src/lib/server/deploy/deploy-context.ts), so the owner reads it in the build log rather than
 * in a visitor's failed booking. Production without one is a warning; a deploy preview without
 * them is how previews are meant to be (they take no requests), said as such. Netlify hands the
 * build only the variables scoped to Builds: one scoped to Functions alone is reported missing
 * here though the functions have it, and the message says so.
 */
import { deployContext, isPreview, missingSettings } from "../src/lib/server/deploy/deploy-context";
import { linkKeysSettingError } from "../src/lib/server/http/link-keys";

export function deploySettingsNotice(
  env: NodeJS.ProcessEnv = process.env,
): { level: "warn" | "info"; text: string } | null {
  const unreadableKeys = linkKeysSettingError(env);
  if (unreadableKeys)
    return { level: "warn", text: `${unreadableKeys.message} Every request will be refused until it is.` };
  const missing = missingSettings(env);
  if (!missing.length) return null;
  const context = deployContext(env) ?? "production";
  const list = missing.map(({ name, what }) => `${name} (${what})`).join(", ");
  if (isPreview(context)) {
    return {
      level: "info",
      text: `This ${context} has no ${list}: its forms will say it is a preview and take nothing. Give the context settings of its own to try bookings here (README, Deploying).`,
    };
  }
  return {
    level: "warn",
    text: `The production deploy lacks ${list}: every booking, message and data request will be refused until it is set for Functions in Netlify's environment variables (README, Deploying). If it is set for Functions only, the build cannot see it, and this warning is wrong.`,
  };
}
