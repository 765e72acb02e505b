/**
 * The picture shown when a page is shared (Open Graph / Twitter): 1200x630, the page's title
 * on the brand's deep blue. The text is drawn as vector paths from the Inter font files on npm,
 * so the image looks the same on any build machine, with or without system fonts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import opentype, { type Font } from "opentype.js";

import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "../lib/paths";

const MARGIN = 80;

/** The drawing's colours: the brand's deep blue, its gold, the logo's blue, white and the footer's pale blue. */
const COLOURS = { ground: "#0d2c41", gold: "#e0a93b", logo: "#174f73", white: "#ffffff", pale: "#d5e9f4" } as const;

export interface ShareFonts {
  bold: Font;
  medium: Font;
}

/** The Inter files the images are drawn with: bold for the title, medium for the smaller lines. */
export function shareFontFiles(siteRoot = process.cwd()): { bold: string; medium: string } {
  const resolve = createRequire(path.join(siteRoot, "package.json")).resolve;
  const file = (weight: number) => resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return { bold: file(700), medium: file(500) };
}

export function loadShareFonts(siteRoot = process.cwd()): ShareFonts {
  const files = shareFontFiles(siteRoot);
  const load = (file: string) => {
    const bytes = readFileSync(file);
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  };
  return { bold: load(files.bold), medium: load(files.medium) };
}

type Glyph = ReturnType<Font["charToGlyph"]>;

/**
 * Where each glyph of a line goes, glyph by glyph with kerning (opentype.js's own shaping fails
 * on Inter's contextual forms). Measuring needs only this; the outlines are drawn once a line is
 * chosen, since wrapping a title measures many candidate lines at up to four sizes.
 */
function place(font: Font, text: string, size: number): { glyphs: { glyph: Glyph; offset: number }[]; width: number } {
  const scale = size / font.unitsPerEm;
  const glyphs: { glyph: Glyph; offset: number }[] = [];
  let cursor = 0;
  let previous: Glyph | null = null;
  for (const character of text) {
    const glyph = font.charToGlyph(character);
    if (previous) cursor += font.getKerningValue(previous, glyph) * scale;
    glyphs.push({ glyph, offset: cursor });
    cursor += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return { glyphs, width: cursor };
}

/** The outline of one line of text as one SVG path's data, its baseline starting at (x, y). */
function outline(font: Font, text: string, size: number, x: number, y: number): string {
  return place(font, text, size)
    .glyphs.map(({ glyph, offset }) => glyph.getPath(x + offset, y, size).toPathData(2))
    .join("");
}

/** Each glyph's outline at a size, its origin at (0, 0): titles repeat letters and sizes. */
const glyphOutlines = new WeakMap<Glyph, Map<number, string>>();

/**
 * A line of text as one SVG path a glyph, each glyph's outline drawn once per size and moved
 * into place: writing out outlines as path data was most of an image's layout time.
 */
function placedGlyphs(font: Font, text: string, size: number, x: number, y: number): string {
  return place(font, text, size)
    .glyphs.map(({ glyph, offset }) => {
      const sizes = glyphOutlines.get(glyph) ?? new Map<number, string>();
      glyphOutlines.set(glyph, sizes);
      let d = sizes.get(size);
      if (d === undefined) {
        d = glyph.getPath(0, 0, size).toPathData(2);
        sizes.set(size, d);
      }
      return d ? `<path transform="translate(${(x + offset).toFixed(2)} ${y.toFixed(2)})" d="${d}"/>` : "";
    })
    .join("");
}

/**
 * The eyebrow and footer lines are the same on every page's image: drawn once per font, size and
 * place, not once per image (about half the drawing's script time on a blog of a thousand posts).
 */
const drawnLines = new WeakMap<Font, Map<string, string>>();
function sameOnEveryImage(font: Font, text: string, size: number, x: number, y: number): string {
  const lines = drawnLines.get(font) ?? new Map<string, string>();
  drawnLines.set(font, lines);
  const key = JSON.stringify([text, size, x, y]);
  let drawn = lines.get(key);
  if (drawn === undefined) {
    drawn = outline(font, text, size, x, y);
    lines.set(key, drawn);
  }
  return drawn;
}

export function textWidth(font: Font, text: string, size: number): number {
  return place(font, text, size).width;
}

/** Breaks text into lines no wider than maxWidth, at spaces. */
export function wrapText(font: Font, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(font, candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest title size (of 72, 62, 54, 46) at which the title fits in three lines. */
export function fitTitle(font: Font, title: string): { size: number; lines: string[] } {
  const maxWidth = SHARE_IMAGE_WIDTH - 2 * MARGIN;
  for (const size of [72, 62, 54, 46]) {
    const lines = wrapText(font, title, size, maxWidth);
    if (lines.length <= 3) return { size, lines };
  }
  return { size: 46, lines: wrapText(font, title, 46, maxWidth).slice(0, 3) };
}

export function shareImageSvg(
  fonts: ShareFonts,
  { title, eyebrow, footer }: { title: string; eyebrow: string; footer: string },
): string {
  const { size, lines } = fitTitle(fonts.bold, title);
  const lineHeight = size * 1.15;
  // The title block starts below the eyebrow (baseline 110) and ends above the logo (y 500).
  const firstBaseline = 190 + size * 0.75;
  const titleGlyphs = lines
    .map((line, index) => placedGlyphs(fonts.bold, line, size, MARGIN, firstBaseline + index * lineHeight))
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${COLOURS.ground}"/>`,
    `<rect x="0" y="0" width="${SHARE_IMAGE_WIDTH}" height="12" fill="${COLOURS.gold}"/>`,
    `<path d="${sameOnEveryImage(fonts.medium, eyebrow.toUpperCase(), 26, MARGIN, 110)}" fill="${COLOURS.gold}"/>`,
    `<g fill="${COLOURS.white}">${titleGlyphs}</g>`,
    // The logo mark: a roofline over a check.
    `<g transform="translate(${MARGIN} 500) scale(2.5)"><rect width="32" height="32" rx="8" fill="${COLOURS.logo}"/>`,
    `<path d="M6 15.5 16 7l10 8.5" fill="none" stroke="${COLOURS.gold}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="m11.5 18.5 3.2 3.2 6-6.2" fill="none" stroke="${COLOURS.white}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    `<path d="${sameOnEveryImage(fonts.medium, footer, 32, MARGIN + 104, 552)}" fill="${COLOURS.pale}"/>`,
    `</svg>`,
  ].join("");
}
