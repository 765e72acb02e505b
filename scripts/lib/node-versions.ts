/**
 * The Node lines the site supports, as package.json's `engines` states them: one `^major.minor.patch`
 * per line, e.g. `^20.19.0 || ^22.13.0 || ^24.0.0` (the lowest of each line that every dependency
 * accepts). README and netlify.toml say the same (scripts/node-versions.test.ts), and every line is
 * tried by `npm run test:node-versions` (in `npm test`).
 */
export function supportedLines(engines: string): number[] {
  return engines.split("||").map((part) => {
    const line = /^\s*\^(\d+)\.\d+\.\d+\s*$/.exec(part)?.[1];
    if (!line) throw new Error(`engines.node should be "^major.minor.patch || ...", one per Node line: "${engines}"`);
    return Number(line);
  });
}

/** "Node 20, 22 or 24": the lines as the README names them. */
export const linesInWords = (lines: number[]) =>
  `Node ${lines.length > 1 ? `${lines.slice(0, -1).join(", ")} or ${lines.at(-1)}` : lines[0]}`;
