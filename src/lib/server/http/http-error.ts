import type { GatsbyFunctionResponse } from "gatsby";

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
 * plain text; anything else logged under `where` and answered 500 with `apology`.
 */
export function sendFailure(res: GatsbyFunctionResponse, error: unknown, where: string, apology: string): void {
  if (!(error instanceof HttpError)) console.error(`[${where}] unexpected error:`, error);
  const { status, message, headers } = error instanceof HttpError ? error : new HttpError(500, apology);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.status(status).send(message);
}
