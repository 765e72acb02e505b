/**
 * Reads a received message's header as a mail reader does, written from RFC 5322 (unfolding) and
 * RFC 2047 (encoded words) rather than taken from nodemailer, so a test does not check the site's
 * mail encoder with that encoder's own idea of what it meant.
 */
import { TextDecoder } from "node:util";

/** The header fields of a raw message, in order, each unfolded onto one line. */
export function headerFields(raw: string): Array<{ name: string; value: string }> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end < 0 ? raw : raw.slice(0, end);
  // A line break followed by a space or tab continues the field above it (RFC 5322 2.2.3).
  return block
    .replace(/\r?\n(?=[ \t])/g, "")
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(":");
      return { name: line.slice(0, colon), value: line.slice(colon + 1).replace(/^[ \t]+/, "") };
    });
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function decodeWord(charset: string, encoding: string, text: string): string {
  const bytes =
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        );
  // RFC 2231 lets a charset carry a language: utf-8*en.
  return new TextDecoder(charset.split("*")[0]).decode(bytes);
}

/**
 * What a reader shows for an unstructured header value: every encoded word decoded, wherever it
 * stands (readers are lenient about that), and the white space between two encoded words dropped.
 */
export function decodeHeaderText(value: string): string {
  const adjacent = new RegExp(`(${ENCODED_WORD.source})[ \\t]+(?=${ENCODED_WORD.source})`, "g");
  return value
    .replace(adjacent, "$1")
    .replace(ENCODED_WORD, (_, charset: string, encoding: string, text: string) => decodeWord(charset, encoding, text));
}
