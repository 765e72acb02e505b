/**
 * @jest-environment node
 */
import sharp from "sharp";

import { blends, hexColour, indexedPng, type Rgb } from "./indexed-png";

/** Opaque RGBA pixels, as sharp's raw() gives them. */
function image(pixels: Rgb[]): Buffer {
  return Buffer.from(pixels.flatMap(([r, g, b]) => [r, g, b, 255]));
}

async function decode(png: Buffer): Promise<number[][]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return Array.from({ length: info.width * info.height }, (_, pixel) => [...data.subarray(pixel * 3, pixel * 3 + 3)]);
}

describe("indexed PNG", () => {
  const palette: Rgb[] = [hexColour("#0d2c41"), hexColour("#ffffff"), [128, 128, 128]];

  it("is an 8-bit palette PNG that decodes to each pixel's nearest palette colour", async () => {
    const pixels: Rgb[] = [
      [13, 44, 65],
      [255, 255, 255],
      [250, 251, 249],
      [120, 130, 126],
      [20, 40, 70],
      [13, 44, 65],
    ];
    const png = await indexedPng(image(pixels), { width: 3, height: 2, channels: 4 }, palette);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // IHDR: bit depth 8, colour type 3 (indexed).
    expect([png[24], png[25]]).toEqual([8, 3]);
    expect(await decode(png)).toEqual([
      [13, 44, 65],
      [255, 255, 255],
      [255, 255, 255],
      [128, 128, 128],
      [13, 44, 65],
      [13, 44, 65],
    ]);
  });

  it("reads pixels from a buffer that does not start on a 4-byte boundary", async () => {
    const shifted = Buffer.concat([Buffer.from([0]), image([[255, 255, 255]])]).subarray(1);
    const png = await indexedPng(shifted, { width: 1, height: 1, channels: 4 }, palette);
    expect(await decode(png)).toEqual([[255, 255, 255]]);
  });

  it("refuses a palette PNG cannot hold and pixels that are not RGBA", async () => {
    const many = blends([0, 0, 0], [255, 255, 255], 300);
    await expect(indexedPng(image([[0, 0, 0]]), { width: 1, height: 1, channels: 4 }, many)).rejects.toThrow(
      /1 to 256 colours/,
    );
    await expect(indexedPng(Buffer.alloc(3), { width: 1, height: 1, channels: 3 }, palette)).rejects.toThrow(/RGBA/);
  });

  it("blends from one colour to another, both ends included", () => {
    expect(blends([0, 0, 0], [255, 100, 10], 2)).toEqual([
      [0, 0, 0],
      [128, 50, 5],
      [255, 100, 10],
    ]);
  });
});
