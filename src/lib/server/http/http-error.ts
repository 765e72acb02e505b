import type { GatsbyFunctionResponse } from "gatsby";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable";

/** A request the function refuses, with the status and the sentence the visitor or client reads. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * The answer to whatever a function threw: an HttpError as its status, headers and sentence in
 * plain text; a database that could not be reached or answer in time (an exhausted pool, a
 * timeout) as 503 with Retry-After, since trying again later may well work; anything else
 * logged under `where` and answered 500 with `apology`.
 */
export function sendFailure(res: GatsbyFunctionResponse, error: unknown, where: string, apology: string): void {
  // An answer already under way (a file streamed to a visitor who left) can only be cut off: its
  // headers cannot be set again, and trying would throw from the function's own error path.
  if (res.headersSent) {
    console.error(`[${where}] failed after its answer began:`, (error as Error)?.message ?? error);
    res.destroy();
    return;
  }
  const failure = error instanceof HttpError ? error : isDatabaseUnavailable(error) ? unavailable(error, where) : null;
  if (!failure) console.error(`[${where}] unexpected error:`, error);
  const { status, message, headers } = failure ?? new HttpError(500, apology);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.status(status).send(message);
}

function unavailable(error: unknown, where: string): HttpError {
  console.error(`[${where}] the database did not answer in time:`, (error as Error).message);
  return new HttpError(
    503,
    "We could not reach our records just now, so this may not have gone through. Please try again in a minute: trying again is safe.",
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );
}
