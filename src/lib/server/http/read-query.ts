/**
 * A function's query, as every function reads it: text values by name. Gatsby hands a function
 * `req.query` (src/serve/functions.ts on one machine, the Netlify adapter's queryStringParameters
 * there), whose values are whatever the address held, a NUL (%00) included, which PostgreSQL
 * refuses with an error where a stored reference or token is looked up. A value that is not text
 * is refused here with 400, before any function reads it.
 */
import type { IncomingMessage } from "node:http";
import { isStorableText } from "../../forms/text-cleaning";
import { HttpError } from "./http-error";

export const NOT_TEXT_QUERY =
  "The address holds a character that is not text (a control character, or a broken one): use the link or the page as it was given.";

/** The request's query, each value a string (a repeated name keeps its first value); 400 when any name or value is not text. */
export function readQuery(req: IncomingMessage & { query?: unknown }): Record<string, string> {
  const query: Record<string, string> = {};
  const given = req.query && typeof req.query === "object" ? (req.query as Record<string, unknown>) : {};
  for (const [name, raw] of Object.entries(given)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== "string") continue;
    if (!isStorableText(name) || !isStorableText(value)) throw new HttpError(400, NOT_TEXT_QUERY);
    query[name] = value;
  }
  return query;
}
