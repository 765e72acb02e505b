import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error";
import { runtimeEnv } from "./runtime";

/** The 415 answer, also given by the production server before it reads a body. */
export const JSON_ONLY_MESSAGE = "Send the request as JSON with the header Content-Type: application/json.";

/** Requests larger than this are refused with 413. */
export const BODY_LIMIT_BYTES = 32 * 1024;

/** A body must arrive whole within this time (REQUEST_BODY_TIMEOUT_SECONDS), so a client trickling bytes cannot hold a request open. */
export function bodyTimeoutMs(env: NodeJS.ProcessEnv = runtimeEnv()): number {
  return Number(env.REQUEST_BODY_TIMEOUT_SECONDS ?? 10) * 1000;
}

function readWithDeadline(req: IncomingMessage, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
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
      bodyTimeoutMs(),
    );
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

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

  const text = (await readWithDeadline(req, limit, tooLarge)).toString("utf8");
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
