/**
 * Who may sign in to the desk is read by the server only: no page, page-data, script, feed or
 * search index of the built site names a person of site.yaml's deskPeople, while the functions
 * still carry the list they check sign-ins against.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readRawContentFile } from "../../src/build-time/content-files";
import { publicDir } from "../support/built-site";
import { siteRoot } from "../../scripts/lib/site-copy";

const deskPeople = (readRawContentFile("site.yaml") as { deskPeople: string[] }).deskPeople;
const TEXT = /\.(html|js|mjs|json|txt|xml|css|map|webmanifest|pf_meta)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

it("names no desk person in any file of the built site, and the functions still hold the list", () => {
  expect(deskPeople.length).toBeGreaterThan(0);
  const files = filesUnder(publicDir).filter((file) => TEXT.test(file));
  expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(5);
  const naming = files.filter((file) => {
    const text = readFileSync(file, "utf8");
    return deskPeople.some((person) => text.includes(person));
  });
  expect(naming.map((file) => path.relative(publicDir, file))).toEqual([]);
  const deskFunction = readFileSync(path.join(siteRoot, ".cache", "functions", "desk", "[action].js"), "utf8");
  for (const person of deskPeople) expect(deskFunction).toContain(person);
});
