/**
 * The desk on a deploy that lacks a setting it needs, or whose database cannot be opened: its sign-in page
 * is the owner's, so it names what is missing and where to set it (owner-settings.ts, docs/deploy.md),
 * where a visitor's form only gives the phone number (http/database-or-503.ts). The names are no secret;
 * no value is ever shown.
 */
import { deployContext, isPreview, missingSettings } from "../../../lib/server/deploy/deploy-context";
import { findSettings } from "../../../lib/server/deploy/owner-settings";
import { HttpError } from "../../../lib/server/http/http-error";
import { RETRY_AFTER_SECONDS } from "../../../lib/server/db/unavailable";
import type { Database } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";

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

/** What the desk says when its deploy has every setting but cannot open the database. */
export const DESK_DATABASE_DOWN =
  "The desk cannot reach the database just now, so nothing was changed. Try again in a few minutes. If it lasts, the functions' log on Netlify (Logs → Functions) says why: check DATABASE_URL and the database's own service.";

/**
 * The database for a desk request. Where it cannot be opened, the owner reads the owner's words:
 * a visitor's "call us at" (http/database-or-503.ts) is the owner's own number.
 */
export async function deskDatabase(phone: string, purpose: "save" | "read"): Promise<Database> {
  try {
    return await databaseOr503(phone, purpose);
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) throw new HttpError(503, DESK_DATABASE_DOWN, error.headers);
    throw error;
  }
}
