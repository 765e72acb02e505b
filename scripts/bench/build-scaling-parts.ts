/**
 * The parts of the build-scaling bench that need no build: synthetic posts, Gatsby's step
 * timings from its output, the memory of a process tree, and a straight-line fit.
 */
import { readdirSync, readFileSync } from "node:fs";

/** A post that passes the content schema and reads like the real ones: headings, a list, links. */
export function syntheticPost(index: number): { slug: string; mdx: string } {
  const number = String(index + 1).padStart(4, "0");
  const day = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const paragraph = (topic: string) =>
    `A Maryland buyer who orders a ${topic} before settlement learns what the seller's disclosure leaves out. ` +
    `The inspector walks the property, tests what can be tested and writes down what cannot, so the buyer ` +
    `can negotiate repairs, ask for a credit or walk away inside the contingency period. Post ${number} ` +
    `explains the steps, the costs and the questions to ask before signing.`;
  const mdx = [
    "---",
    `title: "Synthetic Inspection Guide ${number}"`,
    `description: "A generated post for the build-scaling bench: a guide of about 400 words with headings, a list and links."`,
    `date: ${day}`,
    "author: Bench Writer",
    "related: [radon]",
    "---",
    "",
    paragraph("home inspection"),
    "",
    "## What the inspection covers",
    "",
    paragraph("radon test"),
    "",
    "- The roof, gutters and flashing, seen from the ground or a ladder",
    "- Heating, cooling and the water heater, with their age and condition",
    "- Electrical panels, outlets and grounding",
    "- Plumbing supply and drains, and signs of past leaks",
    "",
    "## What it costs and how long it takes",
    "",
    paragraph("sewer scope"),
    "",
    "See [radon testing](/services/radon) and [our prices](/schedule?service=residential) for details.",
    "",
    "## After the report",
    "",
    paragraph("well inspection"),
    "",
  ].join("\n");
  return { slug: `synthetic-${number}`, mdx };
}

export interface StepTiming {
  step: string;
  seconds: number;
}

/** Gatsby's "success <step> - 1.234s" lines, which it may wrap before the time. */
export function parseStepTimings(output: string): StepTiming[] {
  // Gatsby redraws its progress lines with terminal escapes (ESC [ ... letter) even without colour.
  const text = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g"), "");
  const timings: StepTiming[] = [];
  for (const match of text.matchAll(/^success (.+?) -\s+(\d+(?:\.\d+)?)s\b/gms)) {
    timings.push({ step: match[1]!.replace(/\s+/g, " ").trim(), seconds: Number(match[2]) });
  }
  return timings;
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc); null elsewhere. */
export function treeMemory(rootPid: number): { total: number; largest: number } | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the parent pid follows the last ")".
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  let largest = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      const bytes = rss ? Number(rss[1]) * 1024 : 0;
      total += bytes;
      largest = Math.max(largest, bytes);
    } catch {
      // Gone already.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return { total, largest };
}

/** Least-squares line y = intercept + slope * x, with R². */
export function fitLine(points: ReadonlyArray<readonly [number, number]>): {
  intercept: number;
  slope: number;
  r2: number;
} {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const sxy = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  const ssTotal = points.reduce((sum, [, y]) => sum + (y - meanY) ** 2, 0);
  const ssResidual = points.reduce((sum, [x, y]) => sum + (y - (intercept + slope * x)) ** 2, 0);
  return { intercept, slope, r2: ssTotal === 0 ? 1 : 1 - ssResidual / ssTotal };
}

/**
 * Whether a cost grows linearly with the number of posts: the cost of each extra post between
 * consecutive sizes stays within 35% of the overall slope (and the line fits, R² >= 0.98).
 */
export function linearity(points: ReadonlyArray<readonly [number, number]>): {
  linear: boolean;
  marginal: number[];
  fit: ReturnType<typeof fitLine>;
} {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const fit = fitLine(sorted);
  const marginal = sorted.slice(1).map(([x, y], i) => (y - sorted[i]![1]) / (x - sorted[i]![0]));
  const linear = fit.r2 >= 0.98 && marginal.every((cost) => Math.abs(cost - fit.slope) <= 0.35 * Math.abs(fit.slope));
  return { linear, marginal, fit };
}

/**
 * The report with this run after the earlier ones, which it is read beside: none is overwritten.
 * An earlier report keeps its text; this run follows under a heading with its date, its own
 * title dropped and its sections one level down. With no earlier report, this run's is the file.
 */
export function afterEarlierRuns(earlier: string | undefined, run: string, date: Date): string {
  if (earlier === undefined) return run;
  const sections = run.replace(/^# .*\n+/, "").replace(/^## /gm, "#### ");
  return `${earlier.trimEnd()}\n\n## Run of ${date.toISOString().slice(0, 10)}\n\n${sections}`;
}
