/**
 * The keys that sign the site's links (BOOKING_LINK_SECRET), so that one can be replaced without
 * breaking the links already sent. The setting holds one key, or several separated by spaces or
 * commas: the first signs every new link, and every one of them is still accepted. Each link
 * names the key that signed it by an id made from the key itself (the first 8 hex digits of its
 * SHA-256), so a check tries that key alone; links made before keys had ids name none, and are
 * tried against each key.
 *
 * To rotate: put a new key first and keep the old one after it; once the longest link has
 * expired (booking-links.ts, linkExpiry), remove the old one.
 */
import { createHash } from "node:crypto";

export interface LinkKey {
  id: string;
  key: string;
}

export const keyId = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/** The keys of a setting, the signing one first. */
export function linkKeys(setting: string): LinkKey[] {
  return setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((key) => ({ id: keyId(key), key }));
}

/** The key a link names (by id), or every key for a link that names none. */
export function keysFor(setting: string, id: string | undefined): LinkKey[] {
  const keys = linkKeys(setting);
  return id === undefined ? keys : keys.filter((each) => each.id === id);
}

/** The pattern of a key id in a link. */
export const KEY_ID = "[0-9a-f]{8}";
