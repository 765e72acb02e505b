import { database, type Database } from "../db/database";
import { RETRY_AFTER_SECONDS } from "../db/unavailable";
import { deployContext, isPreview, missingSettings } from "../deploy/deploy-context";
import { HttpError } from "./http-error";
import { refuseUnreadableLinkKeys } from "./link-keys";
import { runtimeEnv } from "../runtime/runtime";

/**
 * The database, or the 503 a visitor is given when it cannot be used: for a request that stores
 * ("save"), that nothing was sent; for one that only reads, that it could not be read. On Netlify
 * a request that stores is refused without every required setting (deploy-context.ts), and one
 * that reads without the database; the function's log names what is missing, the visitor reads
 * a sentence. A deploy preview without a database of its own says it is a preview.
 */
export async function databaseOr503(
  phone: string,
  purpose: "save" | "read" = "save",
  env: NodeJS.ProcessEnv = runtimeEnv(),
): Promise<Database> {
  const retry = { "Retry-After": String(RETRY_AFTER_SECONDS) };
  const missing = missingSettings(env, purpose === "save" ? undefined : ["DATABASE_URL"]);
  if (missing.length) {
    const context = deployContext(env);
    console.error(
      `[settings] ${missing.map(({ name }) => name).join(", ")} not set for this ${context ?? "Netlify"} deploy: ${missing
        .map(({ name, what }) => `${name} is the ${what}`)
        .join("; ")}. Nothing is stored or sent until it is (docs/deploy.md).`,
    );
    throw new HttpError(
      503,
      isPreview(context)
        ? `This is a preview of the site: it takes no requests, bookings or messages. Nothing was sent. To reach us, call ${phone}.`
        : `This site cannot take requests right now. Nothing was sent. Please call us at ${phone}.`,
      retry,
    );
  }
  refuseUnreadableLinkKeys(env, phone);
  try {
    return await database(env);
  } catch (error) {
    console.error("[database] cannot open:", (error as Error).message);
    throw new HttpError(
      503,
      purpose === "save"
        ? `We could not save your request just now. Nothing was sent. Please try again in a few minutes or call us at ${phone}.`
        : `We cannot show this just now. Please try again in a few minutes or call us at ${phone}.`,
      retry,
    );
  }
}
