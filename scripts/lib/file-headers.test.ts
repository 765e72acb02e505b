/**
 * @jest-environment node
 *
 * File headers say what the file is for and why, in at most five lines; the history of decisions is in git.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..", "..");
const FOLDERS = ["src", "gatsby", "netlify", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const MAX_LINES = 5;

/** The lines of text between a file's opening `/**` and its `*\/`, or 0 when it opens with no such block. */
function headerLines(text: string): number {
  const header = /^\s*(\/\*\*[\s\S]*?\*\/)/.exec(text)?.[1];
  return header ? Math.max(0, header.split("\n").length - 2) : 0;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

const longHeaders = () =>
  FOLDERS.flatMap(sourceFiles)
    .map((file) => ({ file, lines: headerLines(readFileSync(path.join(root, file), "utf8")) }))
    .filter(({ lines }) => lines > MAX_LINES);

test("headers are counted as the lines between /** and */", () => {
  expect(headerLines("/** One line. */\nexport {};\n")).toBe(0);
  expect(headerLines("\n/**\n * a\n * b\n */\nexport {};\n")).toBe(2);
  expect(headerLines(`/**\n${" * line\n".repeat(6)} */\n`)).toBe(6);
  expect(headerLines("export const a = 1;\n/**\n * a\n * b\n */\n")).toBe(0);
});

test(`every source file's header is at most ${MAX_LINES} lines`, () => {
  const over = longHeaders().map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(over).toEqual([]);
});
