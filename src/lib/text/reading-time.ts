/** Words a reader gets through in a minute, a common figure for on-screen reading. */
export const WORDS_PER_MINUTE = 225;

/** Counts the words a reader sees in MDX: JSX tags, imports, link targets and markup are left out. */
export function countWords(mdx: string): number {
  const visible = mdx
    .replace(/^(import|export)\s.*$/gm, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\]\([^)]*\)/g, " ")
    .replace(/[#*_>`~[\]|-]/g, " ");
  return visible.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read, at least one. */
export function readingMinutes(mdx: string): number {
  return Math.max(1, Math.round(countWords(mdx) / WORDS_PER_MINUTE));
}
