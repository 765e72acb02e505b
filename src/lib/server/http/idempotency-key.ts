import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error";

/** A client's key: letters, digits, "-" and "_" only, so keys the server makes with ":" never meet one. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The request's Idempotency-Key header, if it sent one that is well formed; 400 otherwise. */
export function idempotencyKey(req: Pick<IncomingMessage, "headers">): string | undefined {
  const key = req.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, "The Idempotency-Key header must be a UUID (8 to 128 letters, digits and dashes).");
  }
  return key;
}
