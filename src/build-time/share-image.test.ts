/**
 * @jest-environment node
 */
import { shareImagePath } from "../lib/paths";
import { fitTitle, loadShareFonts, shareImageSvg, textWidth, wrapText } from "./share-image";

const fonts = loadShareFonts();

describe("share images", () => {
  it("are published beside the route they belong to", () => {
    expect(shareImagePath("/")).toBe("/og/index.png");
    expect(shareImagePath("/services/radon")).toBe("/og/services/radon.png");
  });

  it("measure text with the font, wider for longer text", () => {
    expect(textWidth(fonts.bold, "Radon", 72)).toBeGreaterThan(150);
    expect(textWidth(fonts.bold, "Radon Testing", 72)).toBeGreaterThan(textWidth(fonts.bold, "Radon", 72));
  });

  it("wrap a long title into lines that fit", () => {
    const lines = wrapText(fonts.bold, "Maryland's Tenant Mold Protection Act: What Landlords Must Do", 72, 1040);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(fonts.bold, line, 72)).toBeLessThanOrEqual(1040);
    expect(lines.join(" ")).toBe("Maryland's Tenant Mold Protection Act: What Landlords Must Do");
  });

  it("shrink a title that would take more than three lines", () => {
    const short = fitTitle(fonts.bold, "FAQ");
    const long = fitTitle(fonts.bold, "A very long title ".repeat(8).trim());
    expect(short.size).toBe(72);
    expect(long.size).toBeLessThan(72);
    expect(long.lines.length).toBeLessThanOrEqual(3);
  });

  it("draw the text as paths in a 1200x630 picture", () => {
    const svg = shareImageSvg(fonts, { title: "Radon Testing", eyebrow: "Severn Ridge", footer: "(410) 555-0142" });
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
    expect(svg).not.toContain("<text");
    expect(svg.match(/<path d="M/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
