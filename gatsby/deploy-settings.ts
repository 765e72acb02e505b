/**
 * Says, as the site is built, which of the live site's settings (src/lib/server/deploy/owner-settings.ts) the
 * build lacks or has wrong, so the owner reads it in the build log rather than in a visitor's failed booking.
 * Always a word, never a stop: a warning on a production build, the expected state on a deploy preview, and
 * off Netlify what the live site will need. Netlify hands the build only the variables scoped to Builds, so
 * one scoped to Functions alone is reported missing here though the functions have it, and the message says so.
 */
import { deployContext, isPreview, missingSettings, onNetlify } from "../src/lib/server/deploy/deploy-context";
import { findingText, findSettings, REQUIRED_SETTINGS } from "../src/lib/server/deploy/owner-settings";

const GUIDE = "docs/deploy.md";

const listed = (settings: readonly { name: string; what: string }[]) =>
  settings.map(({ name, what }) => `${name} (the ${what})`).join(", ");

export function deploySettingsNotice(
  env: NodeJS.ProcessEnv = process.env,
): { level: "warn" | "info"; text: string } | null {
  // A test-mode Stripe key is wrong on the live site only: this machine and previews try payments with one.
  const live = onNetlify(env) && !isPreview(deployContext(env) ?? "production");
  const wrong = findSettings(env, { live })
    .filter((finding) => finding.state === "wrong")
    .map(findingText);
  const wrongText = wrong.length ? ` ${wrong.join(" ")} Until it is right the site may refuse requests.` : "";
  if (!onNetlify(env)) {
    const missing = findSettings(env).filter(
      (finding) => finding.state === "missing" && REQUIRED_SETTINGS.includes(finding.setting.name),
    );
    if (!missing.length && !wrong.length) return null;
    const missingText = missing.length
      ? `This build has no ${listed(missing.map(({ setting }) => setting))}. That is fine on this machine, which keeps bookings and e-mails itself, but the live site needs each one.`
      : "";
    return {
      level: "warn",
      text: `${missingText}${wrongText} Check the live site's settings with \`npm run check:settings\` before you deploy (${GUIDE}).`.trim(),
    };
  }
  const missing = missingSettings(env);
  const context = deployContext(env) ?? "production";
  if (isPreview(context)) {
    if (!missing.length && !wrong.length) return null;
    if (!missing.length) return { level: "warn", text: wrongText.trim() };
    return {
      level: "info",
      text: `This ${context} has no ${listed(missing)}: its forms will say it is a preview and take nothing. Give the context settings of its own to try bookings here (${GUIDE}).${wrongText}`,
    };
  }
  if (!missing.length && !wrong.length) return null;
  const missingText = missing.length
    ? `The production deploy lacks ${listed(missing)}: every booking, message and data request will be refused until it is set for Functions in Netlify's environment variables (${GUIDE}). If it is set for Functions only, the build cannot see it, and this warning is wrong.`
    : "";
  return { level: "warn", text: `${missingText}${wrongText}`.trim() };
}
