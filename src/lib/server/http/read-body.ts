import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error";
import { serverSettings } from "../runtime/settings";

/** The 415 answer, also given by the production server before it reads a body. */
export const JSON_ONLY_MESSAGE = "Send the request as JSON with the header Content-Type: application/json.";

/** Whether a Content-Type names JSON, the only body the functions read (checked also by the production server). */
export const isJsonContentType = (contentType: string | undefined) =>
  /^application\/json\s*(;|$)/i.test(contentType ?? "");

/** The 413 answer, also given by the production server when the announced length is too large. */
export const tooLargeMessage = (limit: number) =>
  `The request is larger than ${limit / 1024} KB; please shorten the notes or message.`;

function readWithDeadline(
  req: IncomingMessage,
  limit: number,
  timeoutMs: number,
  tooLarge: () => HttpError,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: HttpError | null) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onError);
      if (error) {
        // Whatever is left is drained and dropped while the answer goes out.
        req.resume();
        reject(error);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) return finish(tooLarge());
      chunks.push(buffer);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new HttpError(400, "The request body could not be read."));
    const timer = setTimeout(
      () =>
        finish(
          new HttpError(408, "The request took too long to arrive. Nothing was stored; please send it again.", {
            Connection: "close",
          }),
        ),
      timeoutMs,
    );
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * Whether `value` holds objects or lists more than `levels` deep, `value` itself being the first
 * level. Walked with a list of its own rather than by recursion, so no depth can exhaust the stack.
 */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  const pending: Array<{ value: unknown; level: number }> = [{ value, level: 1 }];
  while (pending.length > 0) {
    const { value: item, level } = pending.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (level > levels) return true;
    for (const child of Object.values(item)) pending.push({ value: child, level: level + 1 });
  }
  return false;
}

/**
 * The bytes of a JSON body exactly as they came, for a caller that must check a signature over
 * them before parsing (Stripe's webhook): the same type, size and time limits as readJsonBody.
 */
export async function readRawJsonBody(req: IncomingMessage): Promise<Buffer> {
  const { bodyBytes: limit, bodyTimeoutMs } = serverSettings();
  if (!isJsonContentType(req.headers["content-type"])) {
    throw new HttpError(415, JSON_ONLY_MESSAGE);
  }
  const tooLarge = () => new HttpError(413, tooLargeMessage(limit));
  if (Number(req.headers["content-length"] ?? 0) > limit) throw tooLarge();
  return readWithDeadline(req, limit, bodyTimeoutMs, tooLarge);
}

/** The 400 answer to a body that is JSON but not an object of fields (null, a list, a string, a number). */
export const NOT_AN_OBJECT_MESSAGE = "Send the request's fields as a JSON object: nothing was stored.";

/**
 * Reads a JSON body from the request stream: an object of fields, which is all any function
 * takes, so no function meets `null`, a list or a bare value (400 here). Gatsby's own body
 * parsers are switched off for the functions (see `functionConfig`), so the same code runs under
 * `gatsby serve` and on Netlify, where the adapter hands the function the raw stream.
 */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { bodyNestingLevels } = serverSettings();
  const text = (await readRawJsonBody(req)).toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, NOT_AN_OBJECT_MESSAGE);
  // Checked here, before anything else walks the body.
  if (nestedDeeperThan(body, bodyNestingLevels)) {
    throw new HttpError(
      400,
      `The request body is nested more than ${bodyNestingLevels} levels deep. Nothing was stored; send the form's fields as they are.`,
    );
  }
  return body as Record<string, unknown>;
}

/**
 * Gatsby Function config: no built-in body parsing, so the stream reaches readJsonBody untouched.
 * Gatsby reads `config` from a function module, which each function that reads a body exports as
 * `export const { config } = { config: functionConfig };`. It is declared by destructuring
 * because Gatsby's page scanner takes a plainly declared `config` export (or a re-export named
 * `config`) anywhere in src/ for a page's rendering config, and would then build
 * server-rendering engines that this static site does not use.
 */
export const functionConfig = {
  bodyParser: {
    json: { type: "application/x-parsed-by-the-function" },
    text: { type: "application/x-parsed-by-the-function" },
    raw: { type: "application/x-parsed-by-the-function" },
    urlencoded: { type: "application/x-parsed-by-the-function", extended: false },
  },
};
