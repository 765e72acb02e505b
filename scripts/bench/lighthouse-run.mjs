/**
 * One Lighthouse run, in plain Node: tsx rewrites functions (it adds `__name` helpers), and
 * Lighthouse sends some of its functions to the browser as text, where those helpers do not
 * exist. scripts/bench/lighthouse-bench.ts starts Chromium and calls this once per run.
 *
 *   node scripts/bench/lighthouse-run.mjs <url> <debugging port> <result.json>   (and result.trace.json)
 */
import { writeFileSync } from "node:fs";
import process from "node:process";
import lighthouse from "lighthouse";

const [url, port, output] = process.argv.slice(2);
if (!url || !port || !output) {
  process.stderr.write("usage: lighthouse-run.mjs <url> <port> <result.json>\n");
  process.exit(2);
}

// The default configuration is Lighthouse's mobile preset: a Moto G Power screen, simulated slow 4G, 4x CPU slowdown.
const result = await lighthouse(url, {
  port: Number(port),
  output: "json",
  logLevel: process.env.LIGHTHOUSE_LOG_LEVEL === "info" ? "info" : "error",
  onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
});
if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
if (result.lhr.runtimeError)
  throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
writeFileSync(output, JSON.stringify(result.lhr));
// The load's trace beside it, for what its blocking time is made of (scripts/bench/blocking-causes.ts).
writeFileSync(output.replace(/\.json$/, ".trace.json"), JSON.stringify(result.artifacts.Trace));
