/**
 * The keys that sign the site's links (BOOKING_LINK_SECRET): one, or several separated by spaces, the first
 * signing every new link and every one still accepted, so a key can be replaced without breaking links already
 * sent (docs/deploy.md, "Changing BOOKING_LINK_SECRET"). Each link names its key by an id made from the key
 * (keyId); a link naming none is tried against each. A setting that could be read two ways is refused when the
 * server starts and by every function, never guessed at.
 */
import { createHash } from "node:crypto";
import { RETRY_AFTER_SECONDS } from "../db/unavailable";
import { HttpError } from "./http-error";

export interface LinkKey {
  id: string;
  key: string;
}

export const MIN_KEY_LENGTH = 16;
const KEY_CHARACTERS = /^[A-Za-z0-9+/=_.-]+$/;

export const keyId = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/** Why a setting cannot be read one way only, or null when it can. */
export function linkKeysProblem(setting: string): string | null {
  // Two readings refused: a comma or quote (one key or a list?), a key shorter than MIN_KEY_LENGTH (a passphrase
  // split into its words), a key twice. Keys are as `openssl rand -base64 32` or `-hex 32` print them.
  const keys = setting.trim().split(/\s+/).filter(Boolean);
  if (!keys.length) return "it holds no key";
  const odd = keys.find((key) => !KEY_CHARACTERS.test(key));
  if (odd !== undefined) {
    return `a key holds "${[...odd].find((character) => !KEY_CHARACTERS.test(character))}": separate keys with spaces, and make each of letters, digits and + / = _ - . only`;
  }
  const short = keys.findIndex((key) => key.length < MIN_KEY_LENGTH);
  if (short >= 0) {
    return `key ${short + 1} of ${keys.length} has ${keys[short]!.length} characters, fewer than ${MIN_KEY_LENGTH} (spaces separate keys, so a phrase is read as several short ones)`;
  }
  if (new Set(keys).size < keys.length) return "a key is given twice";
  return null;
}

/** A setting of BOOKING_LINK_SECRET that cannot be read one way only. */
export class AmbiguousLinkKeys extends Error {
  constructor(problem: string) {
    super(`BOOKING_LINK_SECRET cannot be read: ${problem} (docs/deploy.md: changing BOOKING_LINK_SECRET).`);
    this.name = "AmbiguousLinkKeys";
  }
}

/** The refusal of an environment whose BOOKING_LINK_SECRET is set but cannot be read one way only, or null. */
export function linkKeysSettingError(env: NodeJS.ProcessEnv): AmbiguousLinkKeys | null {
  const setting = env.BOOKING_LINK_SECRET;
  const problem = setting?.trim() ? linkKeysProblem(setting) : null;
  return problem ? new AmbiguousLinkKeys(problem) : null;
}

/**
 * Refuses a request (503, as for a missing setting: deploy/deploy-context.ts) while the setting
 * cannot be read one way only; the log names it, the visitor reads a sentence.
 */
export function refuseUnreadableLinkKeys(env: NodeJS.ProcessEnv, phone: string): void {
  const unreadable = linkKeysSettingError(env);
  if (!unreadable) return;
  console.error(`[settings] ${unreadable.message} Nothing is stored or sent until it is set right.`);
  throw new HttpError(503, `This site cannot take requests right now. Nothing was sent. Please call us at ${phone}.`, {
    "Retry-After": String(RETRY_AFTER_SECONDS),
  });
}

/** The keys of a setting, the signing one first; throws AmbiguousLinkKeys for one that could be read two ways. */
export function linkKeys(setting: string): LinkKey[] {
  const problem = linkKeysProblem(setting);
  if (problem) throw new AmbiguousLinkKeys(problem);
  return setting
    .trim()
    .split(/\s+/)
    .map((key) => ({ id: keyId(key), key }));
}

/** The key a link names (by id), or every key for a link that names none. */
export function keysFor(setting: string, id: string | undefined): LinkKey[] {
  const keys = linkKeys(setting);
  return id === undefined ? keys : keys.filter((each) => each.id === id);
}

/** The pattern of a key id in a link. */
export const KEY_ID = "[0-9a-f]{8}";
