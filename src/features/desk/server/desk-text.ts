/**
 * What the desk accepts in a request's body: text only. A NUL, a lone surrogate or a
 * noncharacter, anywhere in the body, is refused with 400 before any of it reaches the database
 * (which would refuse a NUL with an error, and store a noncharacter).
 */
import { isStorableText } from "../../../lib/forms/text-cleaning";
import { HttpError } from "../../../lib/server/http/http-error";

export const NOT_TEXT_MESSAGE =
  "The request holds a character that is not text (a control character, or a broken or reserved one): nothing was changed. Type it again.";

/** Every string in `body`, at any depth. Walked with a list of its own: read-body.ts bounds the depth already. */
function* stringsOf(body: unknown): Generator<string> {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") yield value;
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        yield key;
        pending.push(child);
      }
    }
  }
}

/** The body as it is, or 400 when any string in it (a key too) is not text. */
export function requireText<T>(body: T): T {
  for (const value of stringsOf(body)) {
    if (!isStorableText(value)) throw new HttpError(400, NOT_TEXT_MESSAGE);
  }
  return body;
}
