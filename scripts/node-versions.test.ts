import { readFileSync } from "node:fs";
import path from "node:path";
import { linesInWords, supportedLines } from "./lib/node-versions";

const root = path.resolve(__dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { engines: { node: string }; devDependencies: Record<string, string> };

describe("the Node versions the site supports", () => {
  it("are one line per part of engines, with its lowest version", () => {
    expect(supportedLines("^20.19.0 || ^22.13.0 || ^24.0.0")).toEqual([20, 22, 24]);
    expect(linesInWords([20, 22, 24])).toBe("Node 20, 22 or 24");
    expect(() => supportedLines(">=20")).toThrow(/one per Node line/);
  });

  it("are the same in engines, the README and netlify.toml, and @types/node is the oldest's", () => {
    const lines = supportedLines(pkg.engines.node);
    expect(read("README.md")).toContain(`fresh machine with ${linesInWords(lines)} (`);
    const deployed = /^\s*NODE_VERSION = "(\d+)"$/m.exec(read("netlify.toml"))?.[1];
    expect(lines).toContain(Number(deployed));
    // Types of the oldest line, so that nothing newer is used by mistake.
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${lines[0]}\\.`));
  });
});
