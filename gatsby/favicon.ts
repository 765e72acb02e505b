import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Browsers ask for /favicon.ico whatever icons a page links, so it is served rather than
 * answered with the not-found page. An ICO file may hold a PNG as it is (Windows Vista onwards,
 * every current browser): this wraps the 32 px icon gatsby-plugin-manifest made from
 * src/images/icon.svg, so the site's icons keep one source.
 */
export async function writeFaviconIco(publicDir: string): Promise<void> {
  const png = await readFile(path.join(publicDir, "favicon-32x32.png"));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(32, 0); // width
  entry.writeUInt8(32, 1); // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12); // where the image starts
  await writeFile(path.join(publicDir, "favicon.ico"), Buffer.concat([header, entry, png]));
}
