/**
 * The site's one HTML escaper, for text and for double-quoted attribute values alike. Small on
 * purpose: it runs in every page's icons, where entities' escapeAttribute cost 94-103 B of gzip
 * JavaScript a page and put /services/water-quality over its budget (decoding uses entities).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => ESCAPES[char]!);
