/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent, inputStamp, writeStamp } from "./build-stamp";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
  execFileSync("git", ["init", "-q"], { cwd: root });
  write(".gitignore", "public/\n.cache/\n");
  write("src/page.tsx", "export default 1;\n");
  write("content/site.yaml", "name: A\n");
  write("tests/e2e/a.spec.ts", "test\n");
  write("public/index.html", "<html></html>");
  mkdirSync(path.join(root, ".cache"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("whether public/ is the build of the files as they are", () => {
  it("is, after a build stamped with the same inputs, whatever the files' times", () => {
    writeStamp(root, inputStamp(root, {}));
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "src/page.tsx"), later, later);
    expect(buildIsCurrent(root, inputStamp(root, {}))).toBe(true);
  });

  it("is not once a source or content file changes, appears or goes", () => {
    writeStamp(root, inputStamp(root, {}));
    write("content/site.yaml", "name: B\n");
    expect(buildIsCurrent(root, inputStamp(root, {}))).toBe(false);
    write("content/site.yaml", "name: A\n");
    write("src/new.ts", "export {};\n");
    expect(buildIsCurrent(root, inputStamp(root, {}))).toBe(false);
    rmSync(path.join(root, "src/new.ts"));
    expect(buildIsCurrent(root, inputStamp(root, {}))).toBe(true);
  });

  it("is not when the build would read another environment", () => {
    writeStamp(root, inputStamp(root, {}));
    expect(buildIsCurrent(root, inputStamp(root, { SITE_URL: "https://preview.example" }))).toBe(false);
  });

  it("ignores tests and ignored files, which the build does not read", () => {
    writeStamp(root, inputStamp(root, {}));
    write("tests/e2e/a.spec.ts", "changed\n");
    write("public/extra.html", "x");
    expect(buildIsCurrent(root, inputStamp(root, {}))).toBe(true);
  });

  it("is not without a build or a stamp, or outside a git clone", () => {
    const stamp = inputStamp(root, {});
    expect(buildIsCurrent(root, stamp)).toBe(false);
    writeStamp(root, stamp);
    rmSync(path.join(root, "public"), { recursive: true });
    expect(buildIsCurrent(root, stamp)).toBe(false);
    expect(inputStamp(tmpdir(), {})).toBeNull();
  });
});
