import { randomInt } from "node:crypto";
import { localDate, MARYLAND } from "../../maryland-time/local-time";

/** Crockford's base32 without I, L, O and U, so a reference read over the phone is not misheard. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A reference such as SR-20261122-7KQ4M2: a prefix, the date in Maryland (the business's day, as
 * the visitor and the owner read it, not UTC's) and six random characters.
 */
export function createReference(prefix: string, now: Date = new Date()): string {
  const date = localDate(now.getTime(), MARYLAND).replace(/-/g, "");
  const random = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${prefix}-${date}-${random}`;
}
