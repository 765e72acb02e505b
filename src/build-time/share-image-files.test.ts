/**
 * @jest-environment node
 */
import { appendFile, copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

import { loadShareFonts } from "./share-image";
import { drawingFingerprint, writeShareImages, type SharePage } from "./share-image-files";

// Drawing a PNG takes about a second, several on a busy machine.
jest.setTimeout(30_000);

const fonts = loadShareFonts();
let dir = "";

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "share-images-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function build(pages: SharePage[], publicName = "public", drawnWith = "drawing 1") {
  return writeShareImages({
    pages,
    fonts,
    drawnWith,
    eyebrow: "Severn Ridge · Maryland",
    footer: "Severn Ridge · (410) 555-0100",
    publicDir: path.join(dir, publicName),
    cacheDir: path.join(dir, "cache"),
  });
}

const pages: SharePage[] = [
  { route: "/", title: "Home Inspections in Maryland" },
  { route: "/services/radon", title: "Radon Testing" },
];

describe("share image files", () => {
  it("are 1200x630 PNGs beside each route", async () => {
    expect(await build(pages)).toEqual({ drawn: 2, reused: 0 });
    const meta = await sharp(path.join(dir, "public", "og", "services", "radon.png")).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
  });

  it("are drawn again only where a page's title changed, and come out the same from the cache", async () => {
    await build(pages, "first");
    const rebuilt = await build([pages[0]!, { route: "/services/radon", title: "Radon Testing and Mitigation" }]);
    expect(rebuilt).toEqual({ drawn: 1, reused: 1 });
    expect(await readFile(path.join(dir, "public", "og", "index.png"))).toEqual(
      await readFile(path.join(dir, "first", "og", "index.png")),
    );
    expect(await readFile(path.join(dir, "public", "og", "services", "radon.png"))).not.toEqual(
      await readFile(path.join(dir, "first", "og", "services", "radon.png")),
    );
  });

  it("are all drawn again when the drawing changes, even where the words did not", async () => {
    await build(pages, "first");
    expect(await build(pages, "public", "drawing 2")).toEqual({ drawn: 2, reused: 0 });
  });

  it("take the drawing code into their key, so editing it redraws them", async () => {
    const siteRoot = path.resolve(__dirname, "..", "..");
    const copy = path.join(dir, "site");
    for (const file of ["package.json", "src/build-time/share-image.ts", "src/lib/paths.ts"]) {
      await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await copyFile(path.join(siteRoot, file), path.join(copy, file));
    }
    await symlink(path.join(siteRoot, "node_modules"), path.join(copy, "node_modules"), "dir");
    const before = drawingFingerprint(copy);
    expect(drawingFingerprint(copy)).toBe(before);
    await appendFile(path.join(copy, "src/build-time/share-image.ts"), "\n// a change to the drawing\n");
    expect(drawingFingerprint(copy)).not.toBe(before);
  });

  it("keep in the cache only the images the last build used", async () => {
    await build(pages);
    await build([pages[0]!]);
    const cached = await readdir(path.join(dir, "cache"));
    expect(cached).toHaveLength(1);
    expect((await stat(path.join(dir, "cache", cached[0]!))).size).toBeGreaterThan(1000);
  });
});
