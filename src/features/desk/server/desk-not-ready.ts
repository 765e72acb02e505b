/**
 * The desk on a deploy that lacks a setting it needs: its sign-in page is the owner's, so it says in
 * the owner's words what is missing and where to set it (owner-settings.ts, docs/deploy.md), where a
 * visitor's form says only that nothing can be taken and gives the phone number
 * (http/database-or-503.ts). The names are no secret (nothing else is shown, no value ever), and
 * the owner needs them to find each one in Netlify.
 */
import { deployContext, isPreview, missingSettings } from "../../../lib/server/deploy/deploy-context";
import { findSettings } from "../../../lib/server/deploy/owner-settings";
import { HttpError } from "../../../lib/server/http/http-error";
import { RETRY_AFTER_SECONDS } from "../../../lib/server/db/unavailable";

const WHERE =
  "Add each in Netlify under Site configuration → Environment variables, for Production, then deploy again. The deploy guide in the site's code, docs/deploy.md, says where each comes from, step by step.";

/** The sentence the desk's page shows instead of its sign-in, or null when the deploy has what the desk needs. */
export function deskNotReady(env: NodeJS.ProcessEnv): string | null {
  const missing = missingSettings(env);
  const context = deployContext(env);
  if (missing.length && isPreview(context)) {
    return `This is a preview of the site: its desk opens only when the preview has settings of its own (docs/deploy.md, Deploy previews). The desk of the live site is at its own address.`;
  }
  if (missing.length) {
    // One setting a line: the page keeps the lines (desk-unavailable.tsx).
    const needs = missing.map(({ name, what }) => `\n• ${name}: the ${what}`).join("");
    return `This site is not set up yet, so the desk cannot open and visitors cannot book or send a message. It still needs:${needs}\n${WHERE}`;
  }
  const keys = findSettings(env).find(
    ({ setting, state }) => setting.name === "BOOKING_LINK_SECRET" && state === "wrong",
  );
  if (keys) {
    return `This site's BOOKING_LINK_SECRET is set, but ${keys.problem}. Until it is right the desk cannot open and visitors cannot book. ${WHERE}`;
  }
  return null;
}

/** Refuses a desk request, as the functions refuse any request without their settings (503), in the owner's words. */
export function refuseDeskNotReady(env: NodeJS.ProcessEnv): void {
  const notReady = deskNotReady(env);
  if (!notReady) return;
  console.error(`[settings] ${notReady.replace(/\n• /g, " ").replace(/\n/g, " ")}`);
  throw new HttpError(503, notReady, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}
