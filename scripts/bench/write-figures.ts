/**
 * The benchmarks' figures into a Markdown file (docs/performance.md), between a pair of markers
 * (../lib/readme-markers.ts), laid out as Prettier lays it out. Apart from the markers because
 * Prettier's dynamic imports do not load under jest, where the markers are tested.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format } from "prettier";
import { replaceBetweenMarkers } from "../lib/readme-markers";

export async function rewriteBetweenMarkers(file: string, name: string, content: string): Promise<void> {
  const updated = replaceBetweenMarkers(readFileSync(file, "utf8"), name, content);
  writeFileSync(file, await format(updated, { parser: "markdown", filepath: file, printWidth: 120 }));
}
