/**
 * A PNG of up to 256 colours from a palette known in advance. A share image is a few flat
 * colours and the anti-aliased edges between them, so its palette follows from the drawing
 * (src/build-time/share-image.ts, shareImagePalette); no per-image quantising is needed. libimagequant
 * (sharp's palette PNGs) took about 60 ms of the 75 ms each image cost, and ran once per page.
 */
import { crc32, deflate } from "node:zlib";
import { promisify } from "node:util";

const deflateAsync = promisify(deflate);

export type Rgb = readonly [number, number, number];

/** Linear blends from one colour to another, both ends included: the edges of `to` drawn over `from`. */
export function blends(from: Rgb, to: Rgb, steps: number): Rgb[] {
  return Array.from({ length: steps + 1 }, (_, step) => {
    const t = step / steps;
    return [0, 1, 2].map((channel) =>
      Math.round(from[channel]! + (to[channel]! - from[channel]!) * t),
    ) as unknown as Rgb;
  });
}

export function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function nearest(palette: readonly Rgb[], r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  palette.forEach(([pr, pg, pb], index) => {
    const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * Encodes opaque RGBA pixels (as sharp's raw() gives them) as an 8-bit indexed PNG, each pixel
 * the nearest colour of the palette. Rows are unfiltered, as PNG recommends for palette images.
 */
export async function indexedPng(
  rgba: Buffer,
  { width, height, channels }: { width: number; height: number; channels: number },
  palette: readonly Rgb[],
  compressionLevel = 6,
): Promise<Buffer> {
  if (channels !== 4 || rgba.length !== width * height * 4) throw new Error("indexedPng takes RGBA pixels");
  if (palette.length === 0 || palette.length > 256)
    throw new Error(`A PNG palette holds 1 to 256 colours, not ${palette.length}`);
  // One 32-bit number a pixel, so that a pixel is compared with the last in one step.
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : Buffer.from(rgba);
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const rows = Buffer.alloc((width + 1) * height);
  const indexOf = new Map<number, number>();
  let previous = -1;
  let previousIndex = 0;
  for (let y = 0; y < height; y += 1) {
    // Each row starts with its filter type, 0 (none).
    let out = y * (width + 1) + 1;
    for (let pixel = y * width, end = pixel + width; pixel < end; pixel += 1) {
      const value = pixels[pixel]!;
      // Most of an image is long runs of one colour: the last lookup usually answers.
      if (value !== previous) {
        let index = indexOf.get(value);
        if (index === undefined) {
          const byte = pixel * 4;
          index = nearest(palette, aligned[byte]!, aligned[byte + 1]!, aligned[byte + 2]!);
          indexOf.set(value, index);
        }
        previous = value;
        previousIndex = index;
      }
      rows[out++] = previousIndex;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits a pixel, indexed colour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(palette.flat())),
    chunk("IDAT", await deflateAsync(rows, { level: compressionLevel })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
