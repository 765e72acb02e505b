/**
 * Build scaling: how long a cold production build takes and how much memory it needs as the blog grows (extra
 * synthetic posts in a copy of the site), then the warm rebuild after one post's change, as a writer waits for.
 * Adds its tables to reports/build-scaling.md under the run's date; logs go to reports/tmp/. Tens of minutes.
 *
 *   tsx scripts/bench/build-scaling.ts [--sizes 0,100,500,1000] [--report reports/build-scaling.md]
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { copySite, gatsbyBuild, siteRoot } from "../lib/site-copy";
import {
  afterEarlierRuns,
  linearity,
  parseStepTimings,
  syntheticPost,
  treeMemory,
  type StepTiming,
} from "./build-scaling-parts";
import { pageWeightBudgets } from "../budgets";
import { htmlFileFor, kb, readStats, weighRoute } from "../lib/page-weight";

interface Run {
  posts: number;
  pages: number;
  seconds: number;
  peakTreeBytes: number;
  peakProcessBytes: number;
  steps: StepTiming[];
  homeJsGzip: number;
  blogHtmlBytes: number;
  blogPageDataBytes: number;
  loadBefore: number;
  /** Share images drawn, and copied from Gatsby's cache (gatsby-node's onPostBuild says). */
  shareImages: { drawn: number; reused: number } | null;
  /** The rebuild after one changed post, kept cache and all (only at the largest size). */
  warm?: Run;
}

function shareImageCounts(output: string): Run["shareImages"] {
  const match = /share images \((\d+) drawn, (\d+) from the cache\)/i.exec(output);
  return match ? { drawn: Number(match[1]), reused: Number(match[2]) } : null;
}

/**
 * What the posts do to every page's first-view JavaScript. Gatsby inlines a chunk map naming
 * every page component in every page, so a post that brought its own component would grow
 * them all; posts that share one template add nothing.
 */
function homeJsLine({ slope, intercept }: { slope: number; intercept: number }, first: Run, last: Run): string {
  const budget = kb(pageWeightBudgets.content.jsGzip);
  if (slope < 1) {
    return (
      `- Every page's first-view JavaScript stays the same as posts are added (${kb(first.homeJsGzip)} gzip on \`/\` ` +
      `with ${first.posts} extra posts, ${kb(last.homeJsGzip)} with ${last.posts}): every post is rendered by one ` +
      "template component, so Gatsby's chunk map, inlined in every page, does not grow with them."
    );
  }
  const postsAtBudget = (pageWeightBudgets.content.jsGzip - intercept) / slope;
  return (
    `- Every page's first-view JavaScript grows by ${slope.toFixed(0)} bytes gzip per post: Gatsby inlines its chunk ` +
    "map, which names every page component, in every page. " +
    (postsAtBudget > first.posts
      ? `At that rate a content page crosses its ${budget} budget at about ${Math.round(postsAtBudget)} extra posts.`
      : `Pages are over the ${budget} content budget already.`)
  );
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
const ms = (value: number) => `${(value * 1000).toFixed(0)} ms`;

/**
 * Builds keep Gatsby's state the way Netlify does between deploys: the Netlify adapter stores
 * `public/` and `.cache/` before it renames pages to `<route>.html`, and restores them before the
 * next build, so Gatsby finds its own files where it left them. NETLIFY_LOCAL points the adapter's
 * cache at the copy's `.netlify/build-cache`. Without it a warm rebuild fails: Gatsby re-stitches a
 * page whose `index.html` the adapter had renamed.
 */
const NETLIFY_BUILD_CACHE = { NETLIFY_LOCAL: "true" };

async function build(
  dir: string,
  logFile: string,
): Promise<{ code: number | null; seconds: number; peakTree: number; peakProcess: number; output: string }> {
  const started = performance.now();
  let peakTree = 0;
  let peakProcess = 0;
  let timer: NodeJS.Timeout | undefined;
  const { code, output } = await gatsbyBuild(
    dir,
    (child) => {
      timer = setInterval(() => {
        const memory = child.pid ? treeMemory(child.pid) : null;
        if (memory) {
          peakTree = Math.max(peakTree, memory.total);
          peakProcess = Math.max(peakProcess, memory.largest);
        }
      }, 200);
    },
    NETLIFY_BUILD_CACHE,
  );
  clearInterval(timer);
  writeFileSync(logFile, output);
  return { code, seconds: (performance.now() - started) / 1000, peakTree, peakProcess, output };
}

async function buildAndWeigh(dir: string, posts: number, logFile: string, loadBefore: number): Promise<Run> {
  const result = await build(dir, logFile);
  if (result.code !== 0) {
    throw new Error(
      `The build with ${posts} extra posts failed (exit ${result.code}); see ${path.relative(siteRoot, logFile)}`,
    );
  }
  const publicDir = path.join(dir, "public");
  const stats = readStats(publicDir);
  const pagesLine = /Building static HTML for pages - [\d.]+s - (\d+)\/\d+/.exec(result.output.replace(/\s+/g, " "));
  const run: Run = {
    posts,
    pages: pagesLine ? Number(pagesLine[1]) : 0,
    seconds: result.seconds,
    peakTreeBytes: result.peakTree,
    peakProcessBytes: result.peakProcess,
    steps: parseStepTimings(result.output),
    homeJsGzip: weighRoute(publicDir, "/", stats).js.gzip,
    blogHtmlBytes: statSync(htmlFileFor(publicDir, "/blog")).size,
    blogPageDataBytes: statSync(path.join(publicDir, "page-data", "blog", "page-data.json")).size,
    loadBefore,
    shareImages: shareImageCounts(result.output),
  };
  console.log(
    `  ${seconds(run.seconds)}, peak memory ${mb(run.peakTreeBytes)} (largest process ${mb(run.peakProcessBytes)}), ${run.pages} pages` +
      (run.shareImages
        ? `, share images ${run.shareImages.drawn} drawn, ${run.shareImages.reused} from the cache`
        : ""),
  );
  return run;
}

async function measure(posts: number, logDir: string, warm: boolean): Promise<Run> {
  const site = await copySite();
  try {
    for (let i = 0; i < posts; i += 1) {
      const { slug, mdx } = syntheticPost(i);
      mkdirSync(path.join(site.dir, "content", "blog", slug), { recursive: true });
      writeFileSync(path.join(site.dir, "content", "blog", slug, "index.mdx"), mdx);
    }
    const loadBefore = loadavg()[0]!;
    console.log(`Building with ${posts} extra posts (load average ${loadBefore.toFixed(2)})…`);
    const run = await buildAndWeigh(site.dir, posts, path.join(logDir, `build-scaling-${posts}.log`), loadBefore);
    if (warm) {
      // A writer's edit: one post gets a new title, so its page, the blog index and its share image change.
      const slug = posts > 0 ? syntheticPost(0).slug : "maryland-mold-law";
      const file = path.join(site.dir, "content", "blog", slug, "index.mdx");
      writeFileSync(file, readFileSync(file, "utf8").replace(/^title: "?(.*?)"?$/m, 'title: "$1, revised"'));
      const warmLoad = loadavg()[0]!;
      console.log(`Rebuilding after one changed post, with Gatsby's cache (load average ${warmLoad.toFixed(2)})…`);
      run.warm = await buildAndWeigh(site.dir, posts, path.join(logDir, `build-scaling-${posts}-warm.log`), warmLoad);
    }
    return run;
  } finally {
    await site.remove();
  }
}

/** The steps that take longest at the largest size, with their time at every size. */
function stepTable(runs: readonly Run[]): string {
  const largest = runs[runs.length - 1]!;
  const total = (run: Run, step: string) =>
    run.steps.filter((timing) => timing.step === step).reduce((sum, timing) => sum + timing.seconds, 0);
  const steps = [...new Set(largest.steps.map((timing) => timing.step))]
    .sort((a, b) => total(largest, b) - total(largest, a))
    .slice(0, 8);
  return [
    `| Gatsby step | ${runs.map((run) => `+${run.posts} posts`).join(" | ")} | per extra post |`,
    `| --- | ${runs.map(() => "---:").join(" | ")} | ---: |`,
    ...steps.map((step) => {
      const smallest = runs[0]!;
      const perPost = (total(largest, step) - total(smallest, step)) / (largest.posts - smallest.posts);
      return `| ${step} | ${runs.map((run) => seconds(total(run, step))).join(" | ")} | ${ms(perPost)} |`;
    }),
  ].join("\n");
}

/** The rebuild a writer waits for: one changed post, Gatsby's cache kept, beside the cold build. */
function warmSection(cold: Run): string[] {
  const warm = cold.warm;
  if (!warm) return [];
  const step = (run: Run, name: string) =>
    seconds(run.steps.filter((timing) => timing.step === name).reduce((sum, timing) => sum + timing.seconds, 0));
  const images = (run: Run) =>
    run.shareImages ? `${run.shareImages.drawn} drawn, ${run.shareImages.reused} from the cache` : "n/a";
  return [
    "## Rebuild after one changed post",
    "",
    `With ${cold.posts} extra posts, one post's title changed and \`gatsby build\` run again in the same folder,`,
    "keeping `.cache/` and `public/` as Netlify keeps them between deploys (the Netlify adapter stores and restores",
    "them; NETLIFY_LOCAL points it at the copy). Share images are kept in Gatsby's cache under the hash of their words",
    "and of the drawing code, fonts and PNG settings (src/build-time/share-image-files.ts), so only changed ones are drawn.",
    "",
    "| build | time | load before | onPostBuild | share images | peak memory (tree) |",
    "| --- | ---: | ---: | ---: | --- | ---: |",
    `| cold | ${seconds(cold.seconds)} | ${cold.loadBefore.toFixed(2)} | ${step(cold, "onPostBuild")} | ${images(cold)} | ${mb(cold.peakTreeBytes)} |`,
    `| warm, one post changed | ${seconds(warm.seconds)} | ${warm.loadBefore.toFixed(2)} | ${step(warm, "onPostBuild")} | ${images(warm)} | ${mb(warm.peakTreeBytes)} |`,
    "",
  ];
}

function report(runs: readonly Run[]): string {
  const time = linearity(runs.map((run) => [run.posts, run.seconds] as const));
  const memory = linearity(runs.map((run) => [run.posts, run.peakTreeBytes] as const));
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const stepGrowth = (step: string) => {
    const sum = (run: Run) =>
      run.steps.filter((timing) => timing.step === step).reduce((total, timing) => total + timing.seconds, 0);
    return sum(last) - sum(first);
  };
  const steps = [...new Set(last.steps.map((timing) => timing.step))].sort((a, b) => stepGrowth(b) - stepGrowth(a));
  const growth = last.seconds - first.seconds;
  const homeJs = linearity(runs.map((run) => [run.posts, run.homeJsGzip] as const));
  const blogHtml = linearity(runs.map((run) => [run.posts, run.blogHtmlBytes] as const));
  const dominant = steps
    .slice(0, 2)
    .map(
      (step) =>
        `"${step}" (${seconds(stepGrowth(step))}, ${Math.round((100 * stepGrowth(step)) / growth)}% of the extra time)`,
    );

  return [
    "# Build scaling",
    "",
    "How a cold production build (`gatsby build` in a fresh copy of the site, no cache) grows with the",
    "number of blog posts. Produced by `npm run bench:build` (scripts/bench/build-scaling.ts), which writes",
    "synthetic posts of about 400 words (headings, a list, two links, one related service) into a",
    "temporary copy of the site. Memory is the resident memory of the build's whole process tree",
    "(Gatsby and its workers), sampled every 200 ms; the largest single process is given beside it.",
    "",
    `Machine: ${cpus().length} CPU cores (${cpus()[0]?.model ?? "unknown"}), ${mb(totalmem())} memory, Node ${process.version}; load average before each build in the table.`,
    `Run on ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| extra posts | pages built | build time | peak memory (tree) | largest process | load before | `/` JS gzip | `/blog` HTML | `/blog` page data |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...runs.map(
      (run) =>
        `| ${run.posts} | ${run.pages} | ${seconds(run.seconds)} | ${mb(run.peakTreeBytes)} | ${mb(run.peakProcessBytes)} | ${run.loadBefore.toFixed(2)} | ` +
        `${kb(run.homeJsGzip)} | ${kb(run.blogHtmlBytes)} | ${kb(run.blogPageDataBytes)} |`,
    ),
    "",
    "## Cost of each extra post",
    "",
    `- Build time: ${ms(time.fit.slope)} per post on a straight-line fit (R² ${time.fit.r2.toFixed(3)}); between sizes: ` +
      `${time.marginal.map((cost, i) => `${runs[i]!.posts}→${runs[i + 1]!.posts}: ${ms(cost)}`).join(", ")}.`,
    `- Peak memory: ${(memory.fit.slope / 1024).toFixed(0)} KB per post (R² ${memory.fit.r2.toFixed(3)}); between sizes: ` +
      `${memory.marginal.map((cost, i) => `${runs[i]!.posts}→${runs[i + 1]!.posts}: ${(cost / 1024).toFixed(0)} KB`).join(", ")}.`,
    `- ${last.posts} extra posts: ${seconds(last.seconds)} and ${mb(last.peakTreeBytes)}, against ${seconds(first.seconds)} and ${mb(first.peakTreeBytes)} for the site with ${first.posts} extra posts.`,
    homeJsLine(homeJs.fit, first, last),
    // The blog is paged (ten posts a page): its first page grows only if something lists every post.
    Math.abs(last.blogHtmlBytes - first.blogHtmlBytes) < 10 * 1000
      ? `- The blog's first page stays the same size: ${kb(first.blogHtmlBytes)} of HTML with ${first.posts} extra posts, ${kb(last.blogHtmlBytes)} with ${last.posts}.`
      : `- The blog's first page grows with the posts: its HTML by ${(blogHtml.fit.slope / 1000).toFixed(2)} KB per post.`,
    "",
    runs.length < 3
      ? "(Two sizes only: a straight line through two points says nothing of linearity.)"
      : `Build time ${time.linear ? "grows linearly" : "does not grow linearly"} with the number of posts ` +
        `(linear here means each interval's cost per post is within 35% of the fitted slope and R² >= 0.98). ` +
        (memory.linear
          ? "Memory grows linearly."
          : `Memory does not grow linearly: the peak stays between ${mb(Math.min(...runs.map((run) => run.peakTreeBytes)))} ` +
            `and ${mb(Math.max(...runs.map((run) => run.peakTreeBytes)))} at every size.`),
    `What dominates the extra time: ${dominant.join(" and ")}.` +
      (steps[0] === "onPostBuild"
        ? " After the build, this site cuts each page's inline CSS to what it uses (Beasties, once per page structure)," +
          " draws a share image for every page (gatsby-node's onPostBuild: SVG rasterised by sharp, written as a PNG" +
          " of the drawing's own palette), hashes each page's inline scripts for its Content-Security-Policy and" +
          " indexes the searchable pages with Pagefind; the sitemap and feed plugins write their files in the same step."
        : ""),
    "",
    ...warmSection(last),
    "## Gatsby's step timings",
    "",
    "Gatsby builds the browser bundles and the HTML renderer side by side, so those two steps overlap and",
    "the steps do not add up to the build time.",
    "",
    stepTable(runs),
    "",
  ].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "0,100,500,1000" },
      report: { type: "string", default: path.join("reports", "build-scaling.md") },
    },
  });
  const sizes = values
    .sizes!.split(",")
    .map(Number)
    .sort((a, b) => a - b);
  const logDir = path.join(siteRoot, "reports", "tmp");
  mkdirSync(logDir, { recursive: true });
  const runs: Run[] = [];
  for (const posts of sizes) runs.push(await measure(posts, logDir, posts === sizes[sizes.length - 1]));
  const earlier = existsSync(values.report!) ? readFileSync(values.report!, "utf8") : undefined;
  const text = afterEarlierRuns(earlier, report(runs), new Date());
  mkdirSync(path.dirname(values.report!), { recursive: true });
  writeFileSync(values.report!, text);
  console.log(`\n${text}\nReport written to ${values.report}`);
}

if (require.main === module) {
  if (!existsSync(path.join(siteRoot, "node_modules", "gatsby"))) throw new Error("Run npm install first.");
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
