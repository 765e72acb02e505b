/**
 * The parts of a Markdown document a script writes (README.md's content tables, the Lighthouse
 * figures): each between `<!-- NAME:start -->` and `<!-- NAME:end -->`, the prose around them
 * left as written.
 */
export function markers(name: string): { start: string; end: string } {
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
}

/** What the document holds between a pair of markers, or undefined where it has none. */
export function betweenMarkers(readme: string, name: string): string | undefined {
  const { start, end } = markers(name);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) return undefined;
  return readme.slice(from + start.length, to).trim();
}

/** The document with `content` between the markers, a blank line either side; it must have them. */
export function replaceBetweenMarkers(readme: string, name: string, content: string): string {
  const { start, end } = markers(name);
  if (betweenMarkers(readme, name) === undefined) throw new Error(`no ${start} ... ${end} to write between`);
  return `${readme.slice(0, readme.indexOf(start) + start.length)}\n\n${content}\n\n${readme.slice(readme.indexOf(end))}`;
}

/** A Markdown table laid out as Prettier lays it out, so `npm run lint` accepts the document as written. */
export function markdownTable(header: string[], body: string[][]): string {
  const widths = header.map((_, column) => Math.max(3, ...[header, ...body].map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}
