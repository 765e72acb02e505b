/**
 * What is kept of the text a visitor types: invisible characters removed, and on one line where a
 * line break can only be pasted. The schemas apply it before they check a length, so the limits
 * here bound what is stored and e-mailed.
 */

/**
 * Characters a person cannot see or type on purpose, which would travel into the database and
 * the e-mails: control characters (line breaks and tabs are kept), bidirectional overrides
 * and isolates that reorder what a reader sees, and zero-width characters.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/**
 * Code points that are no text at all: a surrogate without its pair (JSON may write one, but
 * PostgreSQL refuses it, and no mail or PDF can hold it) and Unicode's 66 noncharacters
 * (U+FDD0-U+FDEF and the last two of every plane), which Unicode keeps for a program's own use,
 * never for interchange. With the `u` flag a surrogate in a class matches only an unpaired one.
 */
const NOT_TEXT = new RegExp(
  `[\\uD800-\\uDFFF\\uFDD0-\\uFDEF${Array.from({ length: 17 }, (_, plane) => {
    const prefix = plane === 0 ? "" : plane.toString(16).toUpperCase();
    return `\\u{${prefix}FFFE}\\u{${prefix}FFFF}`;
  }).join("")}]`,
  "gu",
);

/**
 * Text as a person meant it: invisible characters and what is no text removed, Windows line ends
 * made plain. Every free-text field of every function is cleaned by this (through the schemas of
 * forms/, or directly, as the signer's name): what could only be pasted or forged is dropped
 * rather than refused, so a visitor is never turned away for a character they cannot see.
 */
export function visibleText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(INVISIBLE, "").replace(NOT_TEXT, "");
}

/** C0 and C1 control characters other than the tab and line breaks: no one types them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const NOT_TEXT_ONCE = new RegExp(NOT_TEXT.source, "u");

/**
 * Whether a string is text that may be stored and sent as it is: no control character but tabs
 * and line breaks, no lone surrogate and no noncharacter. The desk refuses what is not (its
 * owner sees the refusal), where a visitor's form drops it (visibleText).
 */
export const isStorableText = (value: string): boolean => !CONTROL.test(value) && !NOT_TEXT_ONCE.test(value);

/** Line breaks, tabs and Unicode's line and paragraph separators. */
const LINE_BREAKS = /[\t\n\u2028\u2029]+/g;

/**
 * Visible text on one line, for a name, a street, a phone number: a line break there can only
 * be pasted, and in the business's e-mail it would start a line the visitor wrote but the site
 * seems to (a forged "Estimate:"). Each run of breaks becomes one space.
 */
export function oneLineText(value: string): string {
  return visibleText(value).replace(LINE_BREAKS, " ");
}

/** The most characters each field a visitor types into may hold, after cleaning. */
export const TEXT_LIMITS = {
  street: 120,
  city: 60,
  name: 100,
  notes: 2000,
  message: 5000,
  phone: 30,
  /** The longest address SMTP can carry (RFC 5321: a 256-octet path, less its angle brackets). */
  email: 254,
} as const;
