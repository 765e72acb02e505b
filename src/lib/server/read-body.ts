import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error";

/** The 415 answer, also given by the production server before it reads a body. */
export const JSON_ONLY_MESSAGE = "Send the request as JSON with the header Content-Type: application/json.";

/** Requests larger than this are refused with 413. */
export const BODY_LIMIT_BYTES = 32 * 1024;

/**
 * Reads a JSON body from the request stream. Gatsby's own body parsers are switched off for
 * the functions (see `functionConfig`), so the same code runs under `gatsby serve` and on
 * Netlify, where the adapter hands the function the raw stream.
 */
export async function readJsonBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, JSON_ONLY_MESSAGE);
  }
  const tooLarge = () =>
    new HttpError(413, `The request is larger than ${limit / 1024} KB; please shorten the notes or message.`);
  if (Number(req.headers["content-length"] ?? 0) > limit) throw tooLarge();

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw tooLarge();
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}

/** Gatsby Function config: no built-in body parsing, so the stream reaches readJsonBody untouched. */
export const functionConfig = {
  bodyParser: {
    json: { type: "application/x-parsed-by-the-function" },
    text: { type: "application/x-parsed-by-the-function" },
    raw: { type: "application/x-parsed-by-the-function" },
    urlencoded: { type: "application/x-parsed-by-the-function", extended: false },
  },
};
